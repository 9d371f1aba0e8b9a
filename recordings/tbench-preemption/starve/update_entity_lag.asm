# update_entity_lag at 0xffffffff813c06b0, 6.18.44-fc-v1300, read 2026-12-07T22:04:58Z
ffffffff813c06b0:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c06b5:	55                   	push   %rbp
ffffffff813c06b6:	48 89 f5             	mov    %rsi,%rbp
ffffffff813c06b9:	53                   	push   %rbx
ffffffff813c06ba:	48 83 ec 08          	sub    $0x8,%rsp
ffffffff813c06be:	48 8b 47 38          	mov    0x38(%rdi),%rax
ffffffff813c06c2:	48 8b 57 48          	mov    0x48(%rdi),%rdx
ffffffff813c06c6:	48 85 c0             	test   %rax,%rax
ffffffff813c06c9:	0f 84 99 00 00 00    	je     0xffffffff813c0768
ffffffff813c06cf:	31 db                	xor    %ebx,%ebx
ffffffff813c06d1:	48 85 d2             	test   %rdx,%rdx
ffffffff813c06d4:	74 06                	je     0xffffffff813c06dc
ffffffff813c06d6:	80 7a 58 00          	cmpb   $0x0,0x58(%rdx)
ffffffff813c06da:	75 67                	jne    0xffffffff813c0743
ffffffff813c06dc:	48 89 c6             	mov    %rax,%rsi
ffffffff813c06df:	48 83 ee 10          	sub    $0x10,%rsi
ffffffff813c06e3:	74 0b                	je     0xffffffff813c06f0
ffffffff813c06e5:	48 8b 40 30          	mov    0x30(%rax),%rax
ffffffff813c06e9:	48 39 c3             	cmp    %rax,%rbx
ffffffff813c06ec:	48 0f 42 d8          	cmovb  %rax,%rbx
ffffffff813c06f0:	48 81 c3 00 09 3d 00 	add    $0x3d0900,%rbx
ffffffff813c06f7:	80 7d 58 00          	cmpb   $0x0,0x58(%rbp)
ffffffff813c06fb:	74 67                	je     0xffffffff813c0764
ffffffff813c06fd:	e8 8e f8 ff ff       	call   0xffffffff813bff90   <avg_vruntime>
ffffffff813c0702:	48 2b 45 78          	sub    0x78(%rbp),%rax
ffffffff813c0706:	48 89 c1             	mov    %rax,%rcx
ffffffff813c0709:	48 81 7d 00 00 00 10 	cmpq   $0x100000,0x0(%rbp)
ffffffff813c0710:	00 
ffffffff813c0711:	75 39                	jne    0xffffffff813c074c
ffffffff813c0713:	48 89 da             	mov    %rbx,%rdx
ffffffff813c0716:	48 f7 da             	neg    %rdx
ffffffff813c0719:	48 39 ca             	cmp    %rcx,%rdx
ffffffff813c071c:	48 0f 4c d1          	cmovl  %rcx,%rdx
ffffffff813c0720:	48 39 d9             	cmp    %rbx,%rcx
ffffffff813c0723:	48 0f 4d d3          	cmovge %rbx,%rdx
ffffffff813c0727:	48 89 95 80 00 00 00 	mov    %rdx,0x80(%rbp)
ffffffff813c072e:	48 83 c4 08          	add    $0x8,%rsp
ffffffff813c0732:	5b                   	pop    %rbx
ffffffff813c0733:	5d                   	pop    %rbp
ffffffff813c0734:	31 c0                	xor    %eax,%eax
ffffffff813c0736:	31 d2                	xor    %edx,%edx
ffffffff813c0738:	31 c9                	xor    %ecx,%ecx
ffffffff813c073a:	31 f6                	xor    %esi,%esi
ffffffff813c073c:	31 ff                	xor    %edi,%edi
ffffffff813c073e:	e9 c8 39 d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c0743:	48 8b 9a 88 00 00 00 	mov    0x88(%rdx),%rbx
ffffffff813c074a:	eb 90                	jmp    0xffffffff813c06dc
ffffffff813c074c:	48 89 df             	mov    %rbx,%rdi
ffffffff813c074f:	48 89 ee             	mov    %rbp,%rsi
ffffffff813c0752:	48 89 04 24          	mov    %rax,(%rsp)
ffffffff813c0756:	e8 35 73 ff ff       	call   0xffffffff813b7a90   <__calc_delta.constprop.0>
ffffffff813c075b:	48 8b 0c 24          	mov    (%rsp),%rcx
ffffffff813c075f:	48 89 c3             	mov    %rax,%rbx
ffffffff813c0762:	eb af                	jmp    0xffffffff813c0713
ffffffff813c0764:	0f 0b                	ud2
ffffffff813c0766:	eb 95                	jmp    0xffffffff813c06fd
ffffffff813c0768:	bb 00 09 3d 00       	mov    $0x3d0900,%ebx
ffffffff813c076d:	48 85 d2             	test   %rdx,%rdx
ffffffff813c0770:	74 85                	je     0xffffffff813c06f7
ffffffff813c0772:	80 7a 58 00          	cmpb   $0x0,0x58(%rdx)
ffffffff813c0776:	0f 84 7b ff ff ff    	je     0xffffffff813c06f7
ffffffff813c077c:	48 8b 9a 88 00 00 00 	mov    0x88(%rdx),%rbx
ffffffff813c0783:	48 81 c3 00 09 3d 00 	add    $0x3d0900,%rbx
ffffffff813c078a:	e9 68 ff ff ff       	jmp    0xffffffff813c06f7
ffffffff813c078f:	90                   	nop
