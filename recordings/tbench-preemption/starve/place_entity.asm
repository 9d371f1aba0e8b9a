# place_entity at 0xffffffff813c0520, 6.18.44-fc-v1300, read 2026-12-07T22:04:57Z
ffffffff813c0520:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c0525:	41 56                	push   %r14
ffffffff813c0527:	41 89 d6             	mov    %edx,%r14d
ffffffff813c052a:	55                   	push   %rbp
ffffffff813c052b:	48 89 fd             	mov    %rdi,%rbp
ffffffff813c052e:	53                   	push   %rbx
ffffffff813c052f:	48 89 f3             	mov    %rsi,%rbx
ffffffff813c0532:	48 83 ec 10          	sub    $0x10,%rsp
ffffffff813c0536:	e8 55 fa ff ff       	call   0xffffffff813bff90   <avg_vruntime>
ffffffff813c053b:	48 89 c1             	mov    %rax,%rcx
ffffffff813c053e:	80 7b 5b 00          	cmpb   $0x0,0x5b(%rbx)
ffffffff813c0542:	74 68                	je     0xffffffff813c05ac
ffffffff813c0544:	48 8b 13             	mov    (%rbx),%rdx
ffffffff813c0547:	48 8b bb 88 00 00 00 	mov    0x88(%rbx),%rdi
ffffffff813c054e:	48 81 fa 00 00 10 00 	cmp    $0x100000,%rdx
ffffffff813c0555:	75 6e                	jne    0xffffffff813c05c5
ffffffff813c0557:	66 90                	xchg   %ax,%ax
ffffffff813c0559:	8b 45 10             	mov    0x10(%rbp),%eax
ffffffff813c055c:	85 c0                	test   %eax,%eax
ffffffff813c055e:	0f 85 83 00 00 00    	jne    0xffffffff813c05e7
ffffffff813c0564:	48 89 4b 78          	mov    %rcx,0x78(%rbx)
ffffffff813c0568:	80 7b 5a 00          	cmpb   $0x0,0x5a(%rbx)
ffffffff813c056c:	0f 85 d8 00 00 00    	jne    0xffffffff813c064a
ffffffff813c0572:	66 90                	xchg   %ax,%ax
ffffffff813c0574:	48 89 f8             	mov    %rdi,%rax
ffffffff813c0577:	48 d1 e8             	shr    %rax
ffffffff813c057a:	41 81 e6 80 00 00 00 	and    $0x80,%r14d
ffffffff813c0581:	48 0f 45 f8          	cmovne %rax,%rdi
ffffffff813c0585:	48 01 cf             	add    %rcx,%rdi
ffffffff813c0588:	48 89 7b 28          	mov    %rdi,0x28(%rbx)
ffffffff813c058c:	48 83 c4 10          	add    $0x10,%rsp
ffffffff813c0590:	5b                   	pop    %rbx
ffffffff813c0591:	5d                   	pop    %rbp
ffffffff813c0592:	41 5e                	pop    %r14
ffffffff813c0594:	31 c0                	xor    %eax,%eax
ffffffff813c0596:	31 d2                	xor    %edx,%edx
ffffffff813c0598:	31 c9                	xor    %ecx,%ecx
ffffffff813c059a:	31 f6                	xor    %esi,%esi
ffffffff813c059c:	31 ff                	xor    %edi,%edi
ffffffff813c059e:	45 31 c0             	xor    %r8d,%r8d
ffffffff813c05a1:	45 31 c9             	xor    %r9d,%r9d
ffffffff813c05a4:	45 31 d2             	xor    %r10d,%r10d
ffffffff813c05a7:	e9 5f 3b d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c05ac:	8b 3d 4e bd ab 01    	mov    0x1abbd4e(%rip),%edi        # 0xffffffff82e7c300
ffffffff813c05b2:	48 8b 13             	mov    (%rbx),%rdx
ffffffff813c05b5:	48 89 bb 88 00 00 00 	mov    %rdi,0x88(%rbx)
ffffffff813c05bc:	48 81 fa 00 00 10 00 	cmp    $0x100000,%rdx
ffffffff813c05c3:	74 92                	je     0xffffffff813c0557
ffffffff813c05c5:	48 89 de             	mov    %rbx,%rsi
ffffffff813c05c8:	48 89 54 24 08       	mov    %rdx,0x8(%rsp)
ffffffff813c05cd:	48 89 0c 24          	mov    %rcx,(%rsp)
ffffffff813c05d1:	e8 ba 74 ff ff       	call   0xffffffff813b7a90   <__calc_delta.constprop.0>
ffffffff813c05d6:	48 8b 54 24 08       	mov    0x8(%rsp),%rdx
ffffffff813c05db:	48 8b 0c 24          	mov    (%rsp),%rcx
ffffffff813c05df:	48 89 c7             	mov    %rax,%rdi
ffffffff813c05e2:	e9 70 ff ff ff       	jmp    0xffffffff813c0557
ffffffff813c05e7:	48 8b 83 80 00 00 00 	mov    0x80(%rbx),%rax
ffffffff813c05ee:	48 85 c0             	test   %rax,%rax
ffffffff813c05f1:	0f 84 6d ff ff ff    	je     0xffffffff813c0564
ffffffff813c05f7:	48 8b 75 48          	mov    0x48(%rbp),%rsi
ffffffff813c05fb:	4c 8b 45 28          	mov    0x28(%rbp),%r8
ffffffff813c05ff:	48 85 f6             	test   %rsi,%rsi
ffffffff813c0602:	74 06                	je     0xffffffff813c060a
ffffffff813c0604:	80 7e 58 00          	cmpb   $0x0,0x58(%rsi)
ffffffff813c0608:	75 68                	jne    0xffffffff813c0672
ffffffff813c060a:	48 89 d6             	mov    %rdx,%rsi
ffffffff813c060d:	41 b9 02 00 00 00    	mov    $0x2,%r9d
ffffffff813c0613:	48 c1 ee 0a          	shr    $0xa,%rsi
ffffffff813c0617:	4c 39 ce             	cmp    %r9,%rsi
ffffffff813c061a:	49 0f 42 f1          	cmovb  %r9,%rsi
ffffffff813c061e:	4c 01 c6             	add    %r8,%rsi
ffffffff813c0621:	48 85 d2             	test   %rdx,%rdx
ffffffff813c0624:	49 0f 44 f0          	cmove  %r8,%rsi
ffffffff813c0628:	48 0f af c6          	imul   %rsi,%rax
ffffffff813c062c:	4d 85 c0             	test   %r8,%r8
ffffffff813c062f:	74 67                	je     0xffffffff813c0698
ffffffff813c0631:	4d 63 c0             	movslq %r8d,%r8
ffffffff813c0634:	48 99                	cqto
ffffffff813c0636:	49 f7 f8             	idiv   %r8
ffffffff813c0639:	48 29 c1             	sub    %rax,%rcx
ffffffff813c063c:	48 89 4b 78          	mov    %rcx,0x78(%rbx)
ffffffff813c0640:	80 7b 5a 00          	cmpb   $0x0,0x5a(%rbx)
ffffffff813c0644:	0f 84 28 ff ff ff    	je     0xffffffff813c0572
ffffffff813c064a:	48 01 4b 28          	add    %rcx,0x28(%rbx)
ffffffff813c064e:	c6 43 5a 00          	movb   $0x0,0x5a(%rbx)
ffffffff813c0652:	48 83 c4 10          	add    $0x10,%rsp
ffffffff813c0656:	5b                   	pop    %rbx
ffffffff813c0657:	5d                   	pop    %rbp
ffffffff813c0658:	41 5e                	pop    %r14
ffffffff813c065a:	31 c0                	xor    %eax,%eax
ffffffff813c065c:	31 d2                	xor    %edx,%edx
ffffffff813c065e:	31 c9                	xor    %ecx,%ecx
ffffffff813c0660:	31 f6                	xor    %esi,%esi
ffffffff813c0662:	31 ff                	xor    %edi,%edi
ffffffff813c0664:	45 31 c0             	xor    %r8d,%r8d
ffffffff813c0667:	45 31 c9             	xor    %r9d,%r9d
ffffffff813c066a:	45 31 d2             	xor    %r10d,%r10d
ffffffff813c066d:	e9 99 3a d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c0672:	4c 8b 0e             	mov    (%rsi),%r9
ffffffff813c0675:	41 ba 02 00 00 00    	mov    $0x2,%r10d
ffffffff813c067b:	4c 89 ce             	mov    %r9,%rsi
ffffffff813c067e:	48 c1 ee 0a          	shr    $0xa,%rsi
ffffffff813c0682:	4c 39 d6             	cmp    %r10,%rsi
ffffffff813c0685:	49 0f 42 f2          	cmovb  %r10,%rsi
ffffffff813c0689:	4c 01 c6             	add    %r8,%rsi
ffffffff813c068c:	4d 85 c9             	test   %r9,%r9
ffffffff813c068f:	4c 0f 45 c6          	cmovne %rsi,%r8
ffffffff813c0693:	e9 72 ff ff ff       	jmp    0xffffffff813c060a
ffffffff813c0698:	0f 0b                	ud2
ffffffff813c069a:	eb 9d                	jmp    0xffffffff813c0639
ffffffff813c069c:	0f 1f 40 00          	nopl   0x0(%rax)
