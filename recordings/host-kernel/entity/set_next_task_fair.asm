# set_next_task_fair at 0xffffffff813bb710, 6.18.44-fc-v1300, read 2026-12-07T17:06:58Z
ffffffff813bb710:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813bb715:	41 57                	push   %r15
ffffffff813bb717:	41 89 d7             	mov    %edx,%r15d
ffffffff813bb71a:	41 56                	push   %r14
ffffffff813bb71c:	49 89 fe             	mov    %rdi,%r14
ffffffff813bb71f:	41 55                	push   %r13
ffffffff813bb721:	49 89 f5             	mov    %rsi,%r13
ffffffff813bb724:	41 54                	push   %r12
ffffffff813bb726:	55                   	push   %rbp
ffffffff813bb727:	53                   	push   %rbx
ffffffff813bb728:	48 89 f3             	mov    %rsi,%rbx
ffffffff813bb72b:	48 83 eb 80          	sub    $0xffffffffffffff80,%rbx
ffffffff813bb72f:	74 24                	je     0xffffffff813bb755
ffffffff813bb731:	48 8b ab a8 00 00 00 	mov    0xa8(%rbx),%rbp
ffffffff813bb738:	41 0f b6 d7          	movzbl %r15b,%edx
ffffffff813bb73c:	48 89 de             	mov    %rbx,%rsi
ffffffff813bb73f:	48 89 ef             	mov    %rbp,%rdi
ffffffff813bb742:	e8 09 fe ff ff       	call   0xffffffff813bb550   <set_next_entity>
ffffffff813bb747:	66 90                	xchg   %ax,%ax
ffffffff813bb749:	48 8b 9b a0 00 00 00 	mov    0xa0(%rbx),%rbx
ffffffff813bb750:	48 85 db             	test   %rbx,%rbx
ffffffff813bb753:	75 dc                	jne    0xffffffff813bb731
ffffffff813bb755:	41 8b 45 68          	mov    0x68(%r13),%eax
ffffffff813bb759:	83 f8 01             	cmp    $0x1,%eax
ffffffff813bb75c:	0f 84 3a 01 00 00    	je     0xffffffff813bb89c
ffffffff813bb762:	45 84 ff             	test   %r15b,%r15b
ffffffff813bb765:	74 15                	je     0xffffffff813bb77c
ffffffff813bb767:	41 80 bd d9 00 00 00 	cmpb   $0x0,0xd9(%r13)
ffffffff813bb76e:	00 
ffffffff813bb76f:	0f 85 91 01 00 00    	jne    0xffffffff813bb906
ffffffff813bb775:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813bb77a:	66 90                	xchg   %ax,%ax
ffffffff813bb77c:	5b                   	pop    %rbx
ffffffff813bb77d:	5d                   	pop    %rbp
ffffffff813bb77e:	41 5c                	pop    %r12
ffffffff813bb780:	41 5d                	pop    %r13
ffffffff813bb782:	41 5e                	pop    %r14
ffffffff813bb784:	41 5f                	pop    %r15
ffffffff813bb786:	31 c0                	xor    %eax,%eax
ffffffff813bb788:	31 d2                	xor    %edx,%edx
ffffffff813bb78a:	31 c9                	xor    %ecx,%ecx
ffffffff813bb78c:	31 f6                	xor    %esi,%esi
ffffffff813bb78e:	31 ff                	xor    %edi,%edi
ffffffff813bb790:	e9 76 89 d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813bb795:	8b 85 64 01 00 00    	mov    0x164(%rbp),%eax
ffffffff813bb79b:	85 c0                	test   %eax,%eax
ffffffff813bb79d:	74 aa                	je     0xffffffff813bb749
ffffffff813bb79f:	31 f6                	xor    %esi,%esi
ffffffff813bb7a1:	48 89 ef             	mov    %rbp,%rdi
ffffffff813bb7a4:	e8 b7 ca ff ff       	call   0xffffffff813b8260   <__account_cfs_rq_runtime>
ffffffff813bb7a9:	eb 9e                	jmp    0xffffffff813bb749
ffffffff813bb7ab:	4d 85 ed             	test   %r13,%r13
ffffffff813bb7ae:	0f 84 c4 00 00 00    	je     0xffffffff813bb878
ffffffff813bb7b4:	41 83 bd 18 03 00 00 	cmpl   $0x1,0x318(%r13)
ffffffff813bb7bb:	01 
ffffffff813bb7bc:	0f 84 b6 00 00 00    	je     0xffffffff813bb878
ffffffff813bb7c2:	49 63 9e a8 0b 00 00 	movslq 0xba8(%r14),%rbx
ffffffff813bb7c9:	89 df                	mov    %ebx,%edi
ffffffff813bb7cb:	e8 50 47 f6 ff       	call   0xffffffff8131ff20   <arch_scale_cpu_capacity>
ffffffff813bb7d0:	49 3b 85 10 03 00 00 	cmp    0x310(%r13),%rax
ffffffff813bb7d7:	0f 84 9b 00 00 00    	je     0xffffffff813bb878
ffffffff813bb7dd:	49 8b 95 70 01 00 00 	mov    0x170(%r13),%rdx
ffffffff813bb7e4:	41 8b 85 78 01 00 00 	mov    0x178(%r13),%eax
ffffffff813bb7eb:	48 c7 c1 c0 8b 91 83 	mov    $0xffffffff83918bc0,%rcx
ffffffff813bb7f2:	25 ff ff ff 7f       	and    $0x7fffffff,%eax
ffffffff813bb7f7:	48 39 d0             	cmp    %rdx,%rax
ffffffff813bb7fa:	48 0f 42 c2          	cmovb  %rdx,%rax
ffffffff813bb7fe:	48 8d 14 80          	lea    (%rax,%rax,4),%rdx
ffffffff813bb802:	48 8b 04 dd 80 60 86 	mov    -0x7d799f80(,%rbx,8),%rax
ffffffff813bb809:	82 
ffffffff813bb80a:	48 c1 e2 08          	shl    $0x8,%rdx
ffffffff813bb80e:	48 8b 84 08 50 0b 00 	mov    0xb50(%rax,%rcx,1),%rax
ffffffff813bb815:	00 
ffffffff813bb816:	48 c1 e0 0a          	shl    $0xa,%rax
ffffffff813bb81a:	48 39 c2             	cmp    %rax,%rdx
ffffffff813bb81d:	72 59                	jb     0xffffffff813bb878
ffffffff813bb81f:	4c 89 ef             	mov    %r13,%rdi
ffffffff813bb822:	e8 a9 b6 ff ff       	call   0xffffffff813b6ed0   <task_h_load>
ffffffff813bb827:	ba 01 00 00 00       	mov    $0x1,%edx
ffffffff813bb82c:	48 85 c0             	test   %rax,%rax
ffffffff813bb82f:	48 0f 44 c2          	cmove  %rdx,%rax
ffffffff813bb833:	49 89 86 68 0b 00 00 	mov    %rax,0xb68(%r14)
ffffffff813bb83a:	e9 3d ff ff ff       	jmp    0xffffffff813bb77c
ffffffff813bb83f:	41 8b 86 a8 0b 00 00 	mov    0xba8(%r14),%eax
ffffffff813bb846:	48 0f a3 05 72 33 ca 	bt     %rax,0x1ca3372(%rip)        # 0xffffffff8305ebc0
ffffffff813bb84d:	01 
ffffffff813bb84e:	0f 83 26 ff ff ff    	jae    0xffffffff813bb77a
ffffffff813bb854:	49 8b 86 10 0d 00 00 	mov    0xd10(%r14),%rax
ffffffff813bb85b:	48 8b 00             	mov    (%rax),%rax
ffffffff813bb85e:	f6 40 10 01          	testb  $0x1,0x10(%rax)
ffffffff813bb862:	0f 84 12 ff ff ff    	je     0xffffffff813bb77a
ffffffff813bb868:	4c 89 ee             	mov    %r13,%rsi
ffffffff813bb86b:	4c 89 f7             	mov    %r14,%rdi
ffffffff813bb86e:	e8 fd bb ff ff       	call   0xffffffff813b7470   <hrtick_start_fair>
ffffffff813bb873:	e9 02 ff ff ff       	jmp    0xffffffff813bb77a
ffffffff813bb878:	49 c7 86 68 0b 00 00 	movq   $0x0,0xb68(%r14)
ffffffff813bb87f:	00 00 00 00 
ffffffff813bb883:	5b                   	pop    %rbx
ffffffff813bb884:	5d                   	pop    %rbp
ffffffff813bb885:	41 5c                	pop    %r12
ffffffff813bb887:	41 5d                	pop    %r13
ffffffff813bb889:	41 5e                	pop    %r14
ffffffff813bb88b:	41 5f                	pop    %r15
ffffffff813bb88d:	31 c0                	xor    %eax,%eax
ffffffff813bb88f:	31 d2                	xor    %edx,%edx
ffffffff813bb891:	31 c9                	xor    %ecx,%ecx
ffffffff813bb893:	31 f6                	xor    %esi,%esi
ffffffff813bb895:	31 ff                	xor    %edi,%edi
ffffffff813bb897:	e9 6f 88 d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813bb89c:	49 8d 9d c8 00 00 00 	lea    0xc8(%r13),%rbx
ffffffff813bb8a3:	4d 8d a6 b0 0b 00 00 	lea    0xbb0(%r14),%r12
ffffffff813bb8aa:	48 89 df             	mov    %rbx,%rdi
ffffffff813bb8ad:	e8 ee 85 81 00       	call   0xffffffff81bd3ea0   <__list_del_entry_valid_or_report>
ffffffff813bb8b2:	84 c0                	test   %al,%al
ffffffff813bb8b4:	74 15                	je     0xffffffff813bb8cb
ffffffff813bb8b6:	49 8b 95 c8 00 00 00 	mov    0xc8(%r13),%rdx
ffffffff813bb8bd:	49 8b 85 d0 00 00 00 	mov    0xd0(%r13),%rax
ffffffff813bb8c4:	48 89 42 08          	mov    %rax,0x8(%rdx)
ffffffff813bb8c8:	48 89 10             	mov    %rdx,(%rax)
ffffffff813bb8cb:	49 8b ae b0 0b 00 00 	mov    0xbb0(%r14),%rbp
ffffffff813bb8d2:	4c 89 e6             	mov    %r12,%rsi
ffffffff813bb8d5:	48 89 df             	mov    %rbx,%rdi
ffffffff813bb8d8:	48 89 ea             	mov    %rbp,%rdx
ffffffff813bb8db:	e8 00 85 81 00       	call   0xffffffff81bd3de0   <__list_add_valid_or_report>
ffffffff813bb8e0:	84 c0                	test   %al,%al
ffffffff813bb8e2:	0f 84 7a fe ff ff    	je     0xffffffff813bb762
ffffffff813bb8e8:	48 89 5d 08          	mov    %rbx,0x8(%rbp)
ffffffff813bb8ec:	49 89 ad c8 00 00 00 	mov    %rbp,0xc8(%r13)
ffffffff813bb8f3:	4d 89 a5 d0 00 00 00 	mov    %r12,0xd0(%r13)
ffffffff813bb8fa:	49 89 9e b0 0b 00 00 	mov    %rbx,0xbb0(%r14)
ffffffff813bb901:	e9 5c fe ff ff       	jmp    0xffffffff813bb762
ffffffff813bb906:	0f 0b                	ud2
ffffffff813bb908:	e9 68 fe ff ff       	jmp    0xffffffff813bb775
ffffffff813bb90d:	0f 1f 00             	nopl   (%rax)
