# pick_next_task_fair at 0xffffffff813c85f0, 6.18.44-fc-v1300, read 2026-12-07T17:06:59Z
ffffffff813c85f0:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c85f5:	41 57                	push   %r15
ffffffff813c85f7:	41 56                	push   %r14
ffffffff813c85f9:	49 89 f6             	mov    %rsi,%r14
ffffffff813c85fc:	41 55                	push   %r13
ffffffff813c85fe:	41 54                	push   %r12
ffffffff813c8600:	49 89 d4             	mov    %rdx,%r12
ffffffff813c8603:	55                   	push   %rbp
ffffffff813c8604:	48 89 fd             	mov    %rdi,%rbp
ffffffff813c8607:	53                   	push   %rbx
ffffffff813c8608:	e8 c3 ad ff ff       	call   0xffffffff813c33d0   <pick_task_fair>
ffffffff813c860d:	49 89 c5             	mov    %rax,%r13
ffffffff813c8610:	48 85 c0             	test   %rax,%rax
ffffffff813c8613:	75 49                	jne    0xffffffff813c865e
ffffffff813c8615:	4d 85 e4             	test   %r12,%r12
ffffffff813c8618:	75 14                	jne    0xffffffff813c862e
ffffffff813c861a:	eb 28                	jmp    0xffffffff813c8644
ffffffff813c861c:	74 26                	je     0xffffffff813c8644
ffffffff813c861e:	48 89 ef             	mov    %rbp,%rdi
ffffffff813c8621:	e8 aa ad ff ff       	call   0xffffffff813c33d0   <pick_task_fair>
ffffffff813c8626:	48 89 c3             	mov    %rax,%rbx
ffffffff813c8629:	48 85 c0             	test   %rax,%rax
ffffffff813c862c:	75 33                	jne    0xffffffff813c8661
ffffffff813c862e:	4c 89 e6             	mov    %r12,%rsi
ffffffff813c8631:	48 89 ef             	mov    %rbp,%rdi
ffffffff813c8634:	e8 77 fa ff ff       	call   0xffffffff813c80b0   <sched_balance_newidle>
ffffffff813c8639:	85 c0                	test   %eax,%eax
ffffffff813c863b:	79 df                	jns    0xffffffff813c861c
ffffffff813c863d:	49 c7 c5 ff ff ff ff 	mov    $0xffffffffffffffff,%r13
ffffffff813c8644:	5b                   	pop    %rbx
ffffffff813c8645:	4c 89 e8             	mov    %r13,%rax
ffffffff813c8648:	5d                   	pop    %rbp
ffffffff813c8649:	41 5c                	pop    %r12
ffffffff813c864b:	41 5d                	pop    %r13
ffffffff813c864d:	41 5e                	pop    %r14
ffffffff813c864f:	41 5f                	pop    %r15
ffffffff813c8651:	31 d2                	xor    %edx,%edx
ffffffff813c8653:	31 c9                	xor    %ecx,%ecx
ffffffff813c8655:	31 f6                	xor    %esi,%esi
ffffffff813c8657:	31 ff                	xor    %edi,%edi
ffffffff813c8659:	e9 ad ba d3 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c865e:	48 89 c3             	mov    %rax,%rbx
ffffffff813c8661:	49 81 be c0 02 00 00 	cmpq   $0xffffffff82858a60,0x2c0(%r14)
ffffffff813c8668:	60 8a 85 82 
ffffffff813c866c:	0f 85 b3 00 00 00    	jne    0xffffffff813c8725
ffffffff813c8672:	49 c7 86 b8 02 00 00 	movq   $0x0,0x2b8(%r14)
ffffffff813c8679:	00 00 00 00 
ffffffff813c867d:	49 89 dd             	mov    %rbx,%r13
ffffffff813c8680:	48 8b 85 a8 0a 00 00 	mov    0xaa8(%rbp),%rax
ffffffff813c8687:	48 89 83 b8 02 00 00 	mov    %rax,0x2b8(%rbx)
ffffffff813c868e:	48 c7 85 a8 0a 00 00 	movq   $0x0,0xaa8(%rbp)
ffffffff813c8695:	00 00 00 00 
ffffffff813c8699:	4c 39 f3             	cmp    %r14,%rbx
ffffffff813c869c:	74 a6                	je     0xffffffff813c8644
ffffffff813c869e:	4c 8b bb 28 01 00 00 	mov    0x128(%rbx),%r15
ffffffff813c86a5:	49 8b be 28 01 00 00 	mov    0x128(%r14),%rdi
ffffffff813c86ac:	4c 8d a3 80 00 00 00 	lea    0x80(%rbx),%r12
ffffffff813c86b3:	4d 8d ae 80 00 00 00 	lea    0x80(%r14),%r13
ffffffff813c86ba:	4c 39 ff             	cmp    %r15,%rdi
ffffffff813c86bd:	74 33                	je     0xffffffff813c86f2
ffffffff813c86bf:	eb 3a                	jmp    0xffffffff813c86fb
ffffffff813c86c1:	49 8b bc 24 a8 00 00 	mov    0xa8(%r12),%rdi
ffffffff813c86c8:	00 
ffffffff813c86c9:	4c 89 e6             	mov    %r12,%rsi
ffffffff813c86cc:	ba 01 00 00 00       	mov    $0x1,%edx
ffffffff813c86d1:	e8 7a 2e ff ff       	call   0xffffffff813bb550   <set_next_entity>
ffffffff813c86d6:	4d 8b a4 24 a0 00 00 	mov    0xa0(%r12),%r12
ffffffff813c86dd:	00 
ffffffff813c86de:	4d 8b bc 24 a8 00 00 	mov    0xa8(%r12),%r15
ffffffff813c86e5:	00 
ffffffff813c86e6:	49 8b bd a8 00 00 00 	mov    0xa8(%r13),%rdi
ffffffff813c86ed:	49 39 ff             	cmp    %rdi,%r15
ffffffff813c86f0:	75 09                	jne    0xffffffff813c86fb
ffffffff813c86f2:	4d 85 ff             	test   %r15,%r15
ffffffff813c86f5:	0f 85 b1 00 00 00    	jne    0xffffffff813c87ac
ffffffff813c86fb:	45 8b bc 24 98 00 00 	mov    0x98(%r12),%r15d
ffffffff813c8702:	00 
ffffffff813c8703:	45 8b b5 98 00 00 00 	mov    0x98(%r13),%r14d
ffffffff813c870a:	45 39 f7             	cmp    %r14d,%r15d
ffffffff813c870d:	7f b2                	jg     0xffffffff813c86c1
ffffffff813c870f:	4c 89 ee             	mov    %r13,%rsi
ffffffff813c8712:	e8 79 7b ff ff       	call   0xffffffff813c0290   <put_prev_entity>
ffffffff813c8717:	4d 8b ad a0 00 00 00 	mov    0xa0(%r13),%r13
ffffffff813c871e:	45 39 f7             	cmp    %r14d,%r15d
ffffffff813c8721:	75 bb                	jne    0xffffffff813c86de
ffffffff813c8723:	eb 9c                	jmp    0xffffffff813c86c1
ffffffff813c8725:	4c 3b b5 a0 0a 00 00 	cmp    0xaa0(%rbp),%r14
ffffffff813c872c:	0f 85 e4 01 00 00    	jne    0xffffffff813c8916
ffffffff813c8732:	49 c7 86 b8 02 00 00 	movq   $0x0,0x2b8(%r14)
ffffffff813c8739:	00 00 00 00 
ffffffff813c873d:	48 8b 85 a8 0a 00 00 	mov    0xaa8(%rbp),%rax
ffffffff813c8744:	48 89 83 b8 02 00 00 	mov    %rax,0x2b8(%rbx)
ffffffff813c874b:	48 c7 85 a8 0a 00 00 	movq   $0x0,0xaa8(%rbp)
ffffffff813c8752:	00 00 00 00 
ffffffff813c8756:	4c 39 f3             	cmp    %r14,%rbx
ffffffff813c8759:	74 34                	je     0xffffffff813c878f
ffffffff813c875b:	49 8b 86 c0 02 00 00 	mov    0x2c0(%r14),%rax
ffffffff813c8762:	48 89 da             	mov    %rbx,%rdx
ffffffff813c8765:	4c 89 f6             	mov    %r14,%rsi
ffffffff813c8768:	48 89 ef             	mov    %rbp,%rdi
ffffffff813c876b:	48 8b 40 40          	mov    0x40(%rax),%rax
ffffffff813c876f:	e8 0c b2 e8 00       	call   0xffffffff82253980   <__pi___x86_indirect_thunk_rax>
ffffffff813c8774:	48 8b 83 c0 02 00 00 	mov    0x2c0(%rbx),%rax
ffffffff813c877b:	48 89 de             	mov    %rbx,%rsi
ffffffff813c877e:	48 89 ef             	mov    %rbp,%rdi
ffffffff813c8781:	ba 01 00 00 00       	mov    $0x1,%edx
ffffffff813c8786:	48 8b 40 48          	mov    0x48(%rax),%rax
ffffffff813c878a:	e8 f1 b1 e8 00       	call   0xffffffff82253980   <__pi___x86_indirect_thunk_rax>
ffffffff813c878f:	49 89 dd             	mov    %rbx,%r13
ffffffff813c8792:	5b                   	pop    %rbx
ffffffff813c8793:	5d                   	pop    %rbp
ffffffff813c8794:	4c 89 e8             	mov    %r13,%rax
ffffffff813c8797:	41 5c                	pop    %r12
ffffffff813c8799:	41 5d                	pop    %r13
ffffffff813c879b:	41 5e                	pop    %r14
ffffffff813c879d:	41 5f                	pop    %r15
ffffffff813c879f:	31 d2                	xor    %edx,%edx
ffffffff813c87a1:	31 c9                	xor    %ecx,%ecx
ffffffff813c87a3:	31 f6                	xor    %esi,%esi
ffffffff813c87a5:	31 ff                	xor    %edi,%edi
ffffffff813c87a7:	e9 5f b9 d3 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c87ac:	4c 89 ee             	mov    %r13,%rsi
ffffffff813c87af:	4c 89 ff             	mov    %r15,%rdi
ffffffff813c87b2:	e8 d9 7a ff ff       	call   0xffffffff813c0290   <put_prev_entity>
ffffffff813c87b7:	ba 01 00 00 00       	mov    $0x1,%edx
ffffffff813c87bc:	4c 89 e6             	mov    %r12,%rsi
ffffffff813c87bf:	4c 89 ff             	mov    %r15,%rdi
ffffffff813c87c2:	e8 89 2d ff ff       	call   0xffffffff813bb550   <set_next_entity>
ffffffff813c87c7:	8b 43 68             	mov    0x68(%rbx),%eax
ffffffff813c87ca:	83 f8 01             	cmp    $0x1,%eax
ffffffff813c87cd:	0f 84 d2 00 00 00    	je     0xffffffff813c88a5
ffffffff813c87d3:	80 bb d9 00 00 00 00 	cmpb   $0x0,0xd9(%rbx)
ffffffff813c87da:	0f 85 2f 01 00 00    	jne    0xffffffff813c890f
ffffffff813c87e0:	66 90                	xchg   %ax,%ax
ffffffff813c87e2:	66 90                	xchg   %ax,%ax
ffffffff813c87e4:	eb a9                	jmp    0xffffffff813c878f
ffffffff813c87e6:	8b 85 a8 0b 00 00    	mov    0xba8(%rbp),%eax
ffffffff813c87ec:	48 0f a3 05 cc 63 c9 	bt     %rax,0x1c963cc(%rip)        # 0xffffffff8305ebc0
ffffffff813c87f3:	01 
ffffffff813c87f4:	73 ec                	jae    0xffffffff813c87e2
ffffffff813c87f6:	48 8b 85 10 0d 00 00 	mov    0xd10(%rbp),%rax
ffffffff813c87fd:	48 8b 00             	mov    (%rax),%rax
ffffffff813c8800:	f6 40 10 01          	testb  $0x1,0x10(%rax)
ffffffff813c8804:	74 dc                	je     0xffffffff813c87e2
ffffffff813c8806:	48 89 de             	mov    %rbx,%rsi
ffffffff813c8809:	48 89 ef             	mov    %rbp,%rdi
ffffffff813c880c:	e8 5f ec fe ff       	call   0xffffffff813b7470   <hrtick_start_fair>
ffffffff813c8811:	eb cf                	jmp    0xffffffff813c87e2
ffffffff813c8813:	83 bb 18 03 00 00 01 	cmpl   $0x1,0x318(%rbx)
ffffffff813c881a:	74 79                	je     0xffffffff813c8895
ffffffff813c881c:	4c 63 a5 a8 0b 00 00 	movslq 0xba8(%rbp),%r12
ffffffff813c8823:	44 89 e7             	mov    %r12d,%edi
ffffffff813c8826:	e8 f5 76 f5 ff       	call   0xffffffff8131ff20   <arch_scale_cpu_capacity>
ffffffff813c882b:	48 3b 83 10 03 00 00 	cmp    0x310(%rbx),%rax
ffffffff813c8832:	74 61                	je     0xffffffff813c8895
ffffffff813c8834:	48 8b 93 70 01 00 00 	mov    0x170(%rbx),%rdx
ffffffff813c883b:	8b 83 78 01 00 00    	mov    0x178(%rbx),%eax
ffffffff813c8841:	48 c7 c1 c0 8b 91 83 	mov    $0xffffffff83918bc0,%rcx
ffffffff813c8848:	25 ff ff ff 7f       	and    $0x7fffffff,%eax
ffffffff813c884d:	48 39 d0             	cmp    %rdx,%rax
ffffffff813c8850:	48 0f 42 c2          	cmovb  %rdx,%rax
ffffffff813c8854:	48 8d 14 80          	lea    (%rax,%rax,4),%rdx
ffffffff813c8858:	4a 8b 04 e5 80 60 86 	mov    -0x7d799f80(,%r12,8),%rax
ffffffff813c885f:	82 
ffffffff813c8860:	48 c1 e2 08          	shl    $0x8,%rdx
ffffffff813c8864:	48 8b 84 08 50 0b 00 	mov    0xb50(%rax,%rcx,1),%rax
ffffffff813c886b:	00 
ffffffff813c886c:	48 c1 e0 0a          	shl    $0xa,%rax
ffffffff813c8870:	48 39 c2             	cmp    %rax,%rdx
ffffffff813c8873:	72 20                	jb     0xffffffff813c8895
ffffffff813c8875:	48 89 df             	mov    %rbx,%rdi
ffffffff813c8878:	e8 53 e6 fe ff       	call   0xffffffff813b6ed0   <task_h_load>
ffffffff813c887d:	ba 01 00 00 00       	mov    $0x1,%edx
ffffffff813c8882:	48 85 c0             	test   %rax,%rax
ffffffff813c8885:	48 0f 44 c2          	cmove  %rdx,%rax
ffffffff813c8889:	48 89 85 68 0b 00 00 	mov    %rax,0xb68(%rbp)
ffffffff813c8890:	e9 fa fe ff ff       	jmp    0xffffffff813c878f
ffffffff813c8895:	48 c7 85 68 0b 00 00 	movq   $0x0,0xb68(%rbp)
ffffffff813c889c:	00 00 00 00 
ffffffff813c88a0:	e9 ea fe ff ff       	jmp    0xffffffff813c878f
ffffffff813c88a5:	4c 8d a3 c8 00 00 00 	lea    0xc8(%rbx),%r12
ffffffff813c88ac:	4c 8d b5 b0 0b 00 00 	lea    0xbb0(%rbp),%r14
ffffffff813c88b3:	4c 89 e7             	mov    %r12,%rdi
ffffffff813c88b6:	e8 e5 b5 80 00       	call   0xffffffff81bd3ea0   <__list_del_entry_valid_or_report>
ffffffff813c88bb:	84 c0                	test   %al,%al
ffffffff813c88bd:	74 15                	je     0xffffffff813c88d4
ffffffff813c88bf:	48 8b 93 c8 00 00 00 	mov    0xc8(%rbx),%rdx
ffffffff813c88c6:	48 8b 83 d0 00 00 00 	mov    0xd0(%rbx),%rax
ffffffff813c88cd:	48 89 42 08          	mov    %rax,0x8(%rdx)
ffffffff813c88d1:	48 89 10             	mov    %rdx,(%rax)
ffffffff813c88d4:	4c 8b ad b0 0b 00 00 	mov    0xbb0(%rbp),%r13
ffffffff813c88db:	4c 89 f6             	mov    %r14,%rsi
ffffffff813c88de:	4c 89 e7             	mov    %r12,%rdi
ffffffff813c88e1:	4c 89 ea             	mov    %r13,%rdx
ffffffff813c88e4:	e8 f7 b4 80 00       	call   0xffffffff81bd3de0   <__list_add_valid_or_report>
ffffffff813c88e9:	84 c0                	test   %al,%al
ffffffff813c88eb:	0f 84 e2 fe ff ff    	je     0xffffffff813c87d3
ffffffff813c88f1:	4d 89 65 08          	mov    %r12,0x8(%r13)
ffffffff813c88f5:	4c 89 ab c8 00 00 00 	mov    %r13,0xc8(%rbx)
ffffffff813c88fc:	4c 89 b3 d0 00 00 00 	mov    %r14,0xd0(%rbx)
ffffffff813c8903:	4c 89 a5 b0 0b 00 00 	mov    %r12,0xbb0(%rbp)
ffffffff813c890a:	e9 c4 fe ff ff       	jmp    0xffffffff813c87d3
ffffffff813c890f:	0f 0b                	ud2
ffffffff813c8911:	e9 ca fe ff ff       	jmp    0xffffffff813c87e0
ffffffff813c8916:	0f 0b                	ud2
ffffffff813c8918:	e9 15 fe ff ff       	jmp    0xffffffff813c8732
ffffffff813c891d:	0f 1f 00             	nopl   (%rax)
ffffffff813c8920:	90                   	nop
ffffffff813c8921:	90                   	nop
ffffffff813c8922:	90                   	nop
ffffffff813c8923:	90                   	nop
ffffffff813c8924:	90                   	nop
ffffffff813c8925:	90                   	nop
ffffffff813c8926:	90                   	nop
ffffffff813c8927:	90                   	nop
ffffffff813c8928:	90                   	nop
ffffffff813c8929:	90                   	nop
ffffffff813c892a:	90                   	nop
ffffffff813c892b:	90                   	nop
ffffffff813c892c:	90                   	nop
ffffffff813c892d:	90                   	nop
ffffffff813c892e:	90                   	nop
ffffffff813c892f:	90                   	nop
