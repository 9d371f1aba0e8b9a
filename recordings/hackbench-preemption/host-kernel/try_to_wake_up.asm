# try_to_wake_up at 0xffffffff813b47d0, 6.18.44-fc-v1147, read 2026-12-03T17:16:27Z
ffffffff813b47d0:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813b47d5:	41 57                	push   %r15
ffffffff813b47d7:	41 56                	push   %r14
ffffffff813b47d9:	55                   	push   %rbp
ffffffff813b47da:	53                   	push   %rbx
ffffffff813b47db:	48 89 fb             	mov    %rdi,%rbx
ffffffff813b47de:	48 83 ec 38          	sub    $0x38,%rsp
ffffffff813b47e2:	89 54 24 1c          	mov    %edx,0x1c(%rsp)
ffffffff813b47e6:	65 48 8b 05 1a 18 75 	mov    %gs:0x275181a(%rip),%rax        # 0xffffffff83b06008
ffffffff813b47ed:	02 
ffffffff813b47ee:	48 89 44 24 30       	mov    %rax,0x30(%rsp)
ffffffff813b47f3:	31 c0                	xor    %eax,%eax
ffffffff813b47f5:	65 ff 05 34 18 75 02 	incl   %gs:0x2751834(%rip)        # 0xffffffff83b06030
ffffffff813b47fc:	83 4c 24 1c 08       	orl    $0x8,0x1c(%rsp)
ffffffff813b4801:	65 48 3b 3d 0f 18 75 	cmp    %gs:0x275180f(%rip),%rdi        # 0xffffffff83b06018
ffffffff813b4808:	02 
ffffffff813b4809:	0f 84 8c 00 00 00    	je     0xffffffff813b489b
ffffffff813b480f:	48 8d bf ec 07 00 00 	lea    0x7ec(%rdi),%rdi
ffffffff813b4816:	89 34 24             	mov    %esi,(%rsp)
ffffffff813b4819:	e8 62 c8 ea 00       	call   0xffffffff82261080   <_raw_spin_lock_irqsave>
ffffffff813b481e:	8b 34 24             	mov    (%rsp),%esi
ffffffff813b4821:	4c 8d 83 eb 07 00 00 	lea    0x7eb(%rbx),%r8
ffffffff813b4828:	49 89 c1             	mov    %rax,%r9
ffffffff813b482b:	8b 43 18             	mov    0x18(%rbx),%eax
ffffffff813b482e:	85 c6                	test   %eax,%esi
ffffffff813b4830:	0f 85 95 00 00 00    	jne    0xffffffff813b48cb
ffffffff813b4836:	8b 43 1c             	mov    0x1c(%rbx),%eax
ffffffff813b4839:	85 c6                	test   %eax,%esi
ffffffff813b483b:	0f 85 49 02 00 00    	jne    0xffffffff813b4a8a
ffffffff813b4841:	49 81 f8 ff ef ff ff 	cmp    $0xffffffffffffefff,%r8
ffffffff813b4848:	77 0f                	ja     0xffffffff813b4859
ffffffff813b484a:	4c 89 ce             	mov    %r9,%rsi
ffffffff813b484d:	48 8d bb ec 07 00 00 	lea    0x7ec(%rbx),%rdi
ffffffff813b4854:	e8 07 c9 ea 00       	call   0xffffffff82261160   <_raw_spin_unlock_irqrestore>
ffffffff813b4859:	31 c0                	xor    %eax,%eax
ffffffff813b485b:	65 ff 0d ce 17 75 02 	decl   %gs:0x27517ce(%rip)        # 0xffffffff83b06030
ffffffff813b4862:	0f 84 4a 02 00 00    	je     0xffffffff813b4ab2
ffffffff813b4868:	48 8b 54 24 30       	mov    0x30(%rsp),%rdx
ffffffff813b486d:	65 48 2b 15 93 17 75 	sub    %gs:0x2751793(%rip),%rdx        # 0xffffffff83b06008
ffffffff813b4874:	02 
ffffffff813b4875:	0f 85 af 05 00 00    	jne    0xffffffff813b4e2a
ffffffff813b487b:	48 83 c4 38          	add    $0x38,%rsp
ffffffff813b487f:	5b                   	pop    %rbx
ffffffff813b4880:	5d                   	pop    %rbp
ffffffff813b4881:	41 5e                	pop    %r14
ffffffff813b4883:	41 5f                	pop    %r15
ffffffff813b4885:	31 d2                	xor    %edx,%edx
ffffffff813b4887:	31 c9                	xor    %ecx,%ecx
ffffffff813b4889:	31 f6                	xor    %esi,%esi
ffffffff813b488b:	31 ff                	xor    %edi,%edi
ffffffff813b488d:	45 31 c0             	xor    %r8d,%r8d
ffffffff813b4890:	45 31 c9             	xor    %r9d,%r9d
ffffffff813b4893:	45 31 d2             	xor    %r10d,%r10d
ffffffff813b4896:	e9 70 f8 d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813b489b:	80 bf d9 00 00 00 00 	cmpb   $0x0,0xd9(%rdi)
ffffffff813b48a2:	0f 85 9a 02 00 00    	jne    0xffffffff813b4b42
ffffffff813b48a8:	8b 43 18             	mov    0x18(%rbx),%eax
ffffffff813b48ab:	85 f0                	test   %esi,%eax
ffffffff813b48ad:	0f 85 c4 01 00 00    	jne    0xffffffff813b4a77
ffffffff813b48b3:	8b 43 1c             	mov    0x1c(%rbx),%eax
ffffffff813b48b6:	85 c6                	test   %eax,%esi
ffffffff813b48b8:	74 9f                	je     0xffffffff813b4859
ffffffff813b48ba:	c7 43 1c 00 00 00 00 	movl   $0x0,0x1c(%rbx)
ffffffff813b48c1:	8b 43 14             	mov    0x14(%rbx),%eax
ffffffff813b48c4:	b8 01 00 00 00       	mov    $0x1,%eax
ffffffff813b48c9:	eb 90                	jmp    0xffffffff813b485b
ffffffff813b48cb:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813b48d0:	8b 43 68             	mov    0x68(%rbx),%eax
ffffffff813b48d3:	85 c0                	test   %eax,%eax
ffffffff813b48d5:	0f 85 16 03 00 00    	jne    0xffffffff813b4bf1
ffffffff813b48db:	c7 43 18 00 02 00 00 	movl   $0x200,0x18(%rbx)
ffffffff813b48e2:	8b 43 34             	mov    0x34(%rbx),%eax
ffffffff813b48e5:	85 c0                	test   %eax,%eax
ffffffff813b48e7:	0f 85 1a 02 00 00    	jne    0xffffffff813b4b07
ffffffff813b48ed:	8b 43 34             	mov    0x34(%rbx),%eax
ffffffff813b48f0:	85 c0                	test   %eax,%eax
ffffffff813b48f2:	74 09                	je     0xffffffff813b48fd
ffffffff813b48f4:	f3 90                	pause
ffffffff813b48f6:	8b 43 34             	mov    0x34(%rbx),%eax
ffffffff813b48f9:	85 c0                	test   %eax,%eax
ffffffff813b48fb:	75 f7                	jne    0xffffffff813b48f4
ffffffff813b48fd:	4c 89 4c 24 08       	mov    %r9,0x8(%rsp)
ffffffff813b4902:	4c 89 04 24          	mov    %r8,(%rsp)
ffffffff813b4906:	8b 73 64             	mov    0x64(%rbx),%esi
ffffffff813b4909:	48 8d 54 24 1c       	lea    0x1c(%rsp),%rdx
ffffffff813b490e:	48 89 df             	mov    %rbx,%rdi
ffffffff813b4911:	e8 aa 98 ff ff       	call   0xffffffff813ae1c0   <select_task_rq>
ffffffff813b4916:	48 c7 c1 c0 0c b2 83 	mov    $0xffffffff83b20cc0,%rcx
ffffffff813b491d:	4c 8b 04 24          	mov    (%rsp),%r8
ffffffff813b4921:	4c 8b 4c 24 08       	mov    0x8(%rsp),%r9
ffffffff813b4926:	41 89 c2             	mov    %eax,%r10d
ffffffff813b4929:	8b 43 14             	mov    0x14(%rbx),%eax
ffffffff813b492c:	41 39 c2             	cmp    %eax,%r10d
ffffffff813b492f:	74 45                	je     0xffffffff813b4976
ffffffff813b4931:	f6 83 a9 04 00 00 01 	testb  $0x1,0x4a9(%rbx)
ffffffff813b4938:	0f 85 5c 03 00 00    	jne    0xffffffff813b4c9a
ffffffff813b493e:	83 4c 24 1c 20       	orl    $0x20,0x1c(%rsp)
ffffffff813b4943:	e9 fb 02 00 00       	jmp    0xffffffff813b4c43
ffffffff813b4948:	44 89 d6             	mov    %r10d,%esi
ffffffff813b494b:	48 89 df             	mov    %rbx,%rdi
ffffffff813b494e:	4c 89 4c 24 10       	mov    %r9,0x10(%rsp)
ffffffff813b4953:	4c 89 44 24 08       	mov    %r8,0x8(%rsp)
ffffffff813b4958:	44 89 14 24          	mov    %r10d,(%rsp)
ffffffff813b495c:	e8 ef b8 ff ff       	call   0xffffffff813b0250   <set_task_cpu>
ffffffff813b4961:	4c 8b 4c 24 10       	mov    0x10(%rsp),%r9
ffffffff813b4966:	44 8b 14 24          	mov    (%rsp),%r10d
ffffffff813b496a:	48 c7 c1 c0 0c b2 83 	mov    $0xffffffff83b20cc0,%rcx
ffffffff813b4971:	4c 8b 44 24 08       	mov    0x8(%rsp),%r8
ffffffff813b4976:	8b 54 24 1c          	mov    0x1c(%rsp),%edx
ffffffff813b497a:	49 63 c2             	movslq %r10d,%rax
ffffffff813b497d:	44 89 d6             	mov    %r10d,%esi
ffffffff813b4980:	48 89 df             	mov    %rbx,%rdi
ffffffff813b4983:	4c 89 4c 24 10       	mov    %r9,0x10(%rsp)
ffffffff813b4988:	48 8b 2c c5 80 c0 86 	mov    -0x7d793f80(,%rax,8),%rbp
ffffffff813b498f:	82 
ffffffff813b4990:	48 c7 44 24 20 00 00 	movq   $0x0,0x20(%rsp)
ffffffff813b4997:	00 00 
ffffffff813b4999:	41 89 d6             	mov    %edx,%r14d
ffffffff813b499c:	48 c7 44 24 28 00 00 	movq   $0x0,0x28(%rsp)
ffffffff813b49a3:	00 00 
ffffffff813b49a5:	4c 89 44 24 08       	mov    %r8,0x8(%rsp)
ffffffff813b49aa:	48 89 0c 24          	mov    %rcx,(%rsp)
ffffffff813b49ae:	e8 5d 81 ff ff       	call   0xffffffff813acb10   <ttwu_queue_wakelist>
ffffffff813b49b3:	48 8b 0c 24          	mov    (%rsp),%rcx
ffffffff813b49b7:	4c 8b 44 24 08       	mov    0x8(%rsp),%r8
ffffffff813b49bc:	84 c0                	test   %al,%al
ffffffff813b49be:	4c 8b 4c 24 10       	mov    0x10(%rsp),%r9
ffffffff813b49c3:	0f 85 67 01 00 00    	jne    0xffffffff813b4b30
ffffffff813b49c9:	4c 89 4c 24 10       	mov    %r9,0x10(%rsp)
ffffffff813b49ce:	48 8d 7c 0d 00       	lea    0x0(%rbp,%rcx,1),%rdi
ffffffff813b49d3:	4c 89 44 24 08       	mov    %r8,0x8(%rsp)
ffffffff813b49d8:	65 ff 05 51 16 75 02 	incl   %gs:0x2751651(%rip)        # 0xffffffff83b06030
ffffffff813b49df:	48 89 3c 24          	mov    %rdi,(%rsp)
ffffffff813b49e3:	e8 a8 cd ea 00       	call   0xffffffff82261790   <_raw_spin_lock>
ffffffff813b49e8:	65 ff 0d 41 16 75 02 	decl   %gs:0x2751641(%rip)        # 0xffffffff83b06030
ffffffff813b49ef:	48 8b 3c 24          	mov    (%rsp),%rdi
ffffffff813b49f3:	4c 8b 44 24 08       	mov    0x8(%rsp),%r8
ffffffff813b49f8:	4c 8b 4c 24 10       	mov    0x10(%rsp),%r9
ffffffff813b49fd:	83 a7 d0 0a 00 00 03 	andl   $0x3,0xad0(%rdi)
ffffffff813b4a04:	c7 44 24 28 00 00 00 	movl   $0x0,0x28(%rsp)
ffffffff813b4a0b:	00 
ffffffff813b4a0c:	48 8b 87 58 0b 00 00 	mov    0xb58(%rdi),%rax
ffffffff813b4a13:	48 85 c0             	test   %rax,%rax
ffffffff813b4a16:	74 0a                	je     0xffffffff813b4a22
ffffffff813b4a18:	48 3d 50 ae 07 83    	cmp    $0xffffffff8307ae50,%rax
ffffffff813b4a1e:	74 02                	je     0xffffffff813b4a22
ffffffff813b4a20:	0f 0b                	ud2
ffffffff813b4a22:	4c 89 4c 24 10       	mov    %r9,0x10(%rsp)
ffffffff813b4a27:	4c 89 44 24 08       	mov    %r8,0x8(%rsp)
ffffffff813b4a2c:	48 89 3c 24          	mov    %rdi,(%rsp)
ffffffff813b4a30:	e8 4b a2 ff ff       	call   0xffffffff813aec80   <update_rq_clock>
ffffffff813b4a35:	48 8b 3c 24          	mov    (%rsp),%rdi
ffffffff813b4a39:	44 89 f2             	mov    %r14d,%edx
ffffffff813b4a3c:	48 89 de             	mov    %rbx,%rsi
ffffffff813b4a3f:	48 8d 4c 24 20       	lea    0x20(%rsp),%rcx
ffffffff813b4a44:	e8 c7 f9 ff ff       	call   0xffffffff813b4410   <ttwu_do_activate>
ffffffff813b4a49:	48 8b 3c 24          	mov    (%rsp),%rdi
ffffffff813b4a4d:	e8 be ce ea 00       	call   0xffffffff82261910   <_raw_spin_unlock>
ffffffff813b4a52:	48 81 7c 24 08 ff ef 	cmpq   $0xffffffffffffefff,0x8(%rsp)
ffffffff813b4a59:	ff ff 
ffffffff813b4a5b:	0f 87 60 fe ff ff    	ja     0xffffffff813b48c1
ffffffff813b4a61:	48 8b 74 24 10       	mov    0x10(%rsp),%rsi
ffffffff813b4a66:	48 8d bb ec 07 00 00 	lea    0x7ec(%rbx),%rdi
ffffffff813b4a6d:	e8 ee c6 ea 00       	call   0xffffffff82261160   <_raw_spin_unlock_irqrestore>
ffffffff813b4a72:	e9 4a fe ff ff       	jmp    0xffffffff813b48c1
ffffffff813b4a77:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813b4a7c:	c7 43 18 00 00 00 00 	movl   $0x0,0x18(%rbx)
ffffffff813b4a83:	66 90                	xchg   %ax,%ax
ffffffff813b4a85:	e9 37 fe ff ff       	jmp    0xffffffff813b48c1
ffffffff813b4a8a:	c7 43 1c 00 00 00 00 	movl   $0x0,0x1c(%rbx)
ffffffff813b4a91:	49 81 f8 ff ef ff ff 	cmp    $0xffffffffffffefff,%r8
ffffffff813b4a98:	0f 87 23 fe ff ff    	ja     0xffffffff813b48c1
ffffffff813b4a9e:	4c 89 ce             	mov    %r9,%rsi
ffffffff813b4aa1:	48 8d bb ec 07 00 00 	lea    0x7ec(%rbx),%rdi
ffffffff813b4aa8:	e8 b3 c6 ea 00       	call   0xffffffff82261160   <_raw_spin_unlock_irqrestore>
ffffffff813b4aad:	e9 0f fe ff ff       	jmp    0xffffffff813b48c1
ffffffff813b4ab2:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813b4ab7:	e9 ac fd ff ff       	jmp    0xffffffff813b4868
ffffffff813b4abc:	65 8b 05 71 15 75 02 	mov    %gs:0x2751571(%rip),%eax        # 0xffffffff83b06034
ffffffff813b4ac3:	48 0f a3 05 15 bc ea 	bt     %rax,0x1eabc15(%rip)        # 0xffffffff832606e0
ffffffff813b4aca:	01 
ffffffff813b4acb:	0f 83 f0 fd ff ff    	jae    0xffffffff813b48c1
ffffffff813b4ad1:	65 ff 05 58 15 75 02 	incl   %gs:0x2751558(%rip)        # 0xffffffff83b06030
ffffffff813b4ad8:	48 8b 05 99 a2 e7 01 	mov    0x1e7a299(%rip),%rax        # 0xffffffff8322ed78
ffffffff813b4adf:	48 85 c0             	test   %rax,%rax
ffffffff813b4ae2:	74 0c                	je     0xffffffff813b4af0
ffffffff813b4ae4:	48 8b 78 08          	mov    0x8(%rax),%rdi
ffffffff813b4ae8:	48 89 de             	mov    %rbx,%rsi
ffffffff813b4aeb:	e8 20 07 ff ff       	call   0xffffffff813a5210   <__traceiter_sched_wakeup>
ffffffff813b4af0:	65 ff 0d 39 15 75 02 	decl   %gs:0x2751539(%rip)        # 0xffffffff83b06030
ffffffff813b4af7:	0f 85 c4 fd ff ff    	jne    0xffffffff813b48c1
ffffffff813b4afd:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813b4b02:	e9 ba fd ff ff       	jmp    0xffffffff813b48c1
ffffffff813b4b07:	8b 73 14             	mov    0x14(%rbx),%esi
ffffffff813b4b0a:	8b 54 24 1c          	mov    0x1c(%rsp),%edx
ffffffff813b4b0e:	48 89 df             	mov    %rbx,%rdi
ffffffff813b4b11:	4c 89 4c 24 08       	mov    %r9,0x8(%rsp)
ffffffff813b4b16:	4c 89 04 24          	mov    %r8,(%rsp)
ffffffff813b4b1a:	e8 f1 7f ff ff       	call   0xffffffff813acb10   <ttwu_queue_wakelist>
ffffffff813b4b1f:	4c 8b 04 24          	mov    (%rsp),%r8
ffffffff813b4b23:	4c 8b 4c 24 08       	mov    0x8(%rsp),%r9
ffffffff813b4b28:	84 c0                	test   %al,%al
ffffffff813b4b2a:	0f 84 bd fd ff ff    	je     0xffffffff813b48ed
ffffffff813b4b30:	49 81 f8 ff ef ff ff 	cmp    $0xffffffffffffefff,%r8
ffffffff813b4b37:	0f 86 61 ff ff ff    	jbe    0xffffffff813b4a9e
ffffffff813b4b3d:	e9 7f fd ff ff       	jmp    0xffffffff813b48c1
ffffffff813b4b42:	0f 0b                	ud2
ffffffff813b4b44:	e9 5f fd ff ff       	jmp    0xffffffff813b48a8
ffffffff813b4b49:	65 8b 05 e4 14 75 02 	mov    %gs:0x27514e4(%rip),%eax        # 0xffffffff83b06034
ffffffff813b4b50:	48 0f a3 05 88 bb ea 	bt     %rax,0x1eabb88(%rip)        # 0xffffffff832606e0
ffffffff813b4b57:	01 
ffffffff813b4b58:	0f 83 72 fd ff ff    	jae    0xffffffff813b48d0
ffffffff813b4b5e:	65 ff 05 cb 14 75 02 	incl   %gs:0x27514cb(%rip)        # 0xffffffff83b06030
ffffffff813b4b65:	48 8b 05 6c a2 e7 01 	mov    0x1e7a26c(%rip),%rax        # 0xffffffff8322edd8
ffffffff813b4b6c:	48 85 c0             	test   %rax,%rax
ffffffff813b4b6f:	74 1e                	je     0xffffffff813b4b8f
ffffffff813b4b71:	48 8b 78 08          	mov    0x8(%rax),%rdi
ffffffff813b4b75:	48 89 de             	mov    %rbx,%rsi
ffffffff813b4b78:	4c 89 4c 24 08       	mov    %r9,0x8(%rsp)
ffffffff813b4b7d:	4c 89 04 24          	mov    %r8,(%rsp)
ffffffff813b4b81:	e8 3a 06 ff ff       	call   0xffffffff813a51c0   <__traceiter_sched_waking>
ffffffff813b4b86:	4c 8b 4c 24 08       	mov    0x8(%rsp),%r9
ffffffff813b4b8b:	4c 8b 04 24          	mov    (%rsp),%r8
ffffffff813b4b8f:	65 ff 0d 9a 14 75 02 	decl   %gs:0x275149a(%rip)        # 0xffffffff83b06030
ffffffff813b4b96:	0f 85 34 fd ff ff    	jne    0xffffffff813b48d0
ffffffff813b4b9c:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813b4ba1:	e9 2a fd ff ff       	jmp    0xffffffff813b48d0
ffffffff813b4ba6:	65 8b 05 87 14 75 02 	mov    %gs:0x2751487(%rip),%eax        # 0xffffffff83b06034
ffffffff813b4bad:	48 0f a3 05 2b bb ea 	bt     %rax,0x1eabb2b(%rip)        # 0xffffffff832606e0
ffffffff813b4bb4:	01 
ffffffff813b4bb5:	0f 83 c1 fe ff ff    	jae    0xffffffff813b4a7c
ffffffff813b4bbb:	65 ff 05 6e 14 75 02 	incl   %gs:0x275146e(%rip)        # 0xffffffff83b06030
ffffffff813b4bc2:	48 8b 05 0f a2 e7 01 	mov    0x1e7a20f(%rip),%rax        # 0xffffffff8322edd8
ffffffff813b4bc9:	48 85 c0             	test   %rax,%rax
ffffffff813b4bcc:	74 0c                	je     0xffffffff813b4bda
ffffffff813b4bce:	48 8b 78 08          	mov    0x8(%rax),%rdi
ffffffff813b4bd2:	48 89 de             	mov    %rbx,%rsi
ffffffff813b4bd5:	e8 e6 05 ff ff       	call   0xffffffff813a51c0   <__traceiter_sched_waking>
ffffffff813b4bda:	65 ff 0d 4f 14 75 02 	decl   %gs:0x275144f(%rip)        # 0xffffffff83b06030
ffffffff813b4be1:	0f 85 95 fe ff ff    	jne    0xffffffff813b4a7c
ffffffff813b4be7:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813b4bec:	e9 8b fe ff ff       	jmp    0xffffffff813b4a7c
ffffffff813b4bf1:	48 8d 74 24 20       	lea    0x20(%rsp),%rsi
ffffffff813b4bf6:	48 89 df             	mov    %rbx,%rdi
ffffffff813b4bf9:	4c 89 04 24          	mov    %r8,(%rsp)
ffffffff813b4bfd:	44 8b 74 24 1c       	mov    0x1c(%rsp),%r14d
ffffffff813b4c02:	4c 89 4c 24 08       	mov    %r9,0x8(%rsp)
ffffffff813b4c07:	e8 b4 9e ff ff       	call   0xffffffff813aeac0   <__task_rq_lock>
ffffffff813b4c0c:	4c 8b 04 24          	mov    (%rsp),%r8
ffffffff813b4c10:	4c 8b 4c 24 08       	mov    0x8(%rsp),%r9
ffffffff813b4c15:	48 89 c1             	mov    %rax,%rcx
ffffffff813b4c18:	8b 43 68             	mov    0x68(%rbx),%eax
ffffffff813b4c1b:	83 f8 01             	cmp    $0x1,%eax
ffffffff813b4c1e:	0f 84 95 00 00 00    	je     0xffffffff813b4cb9
ffffffff813b4c24:	48 89 cf             	mov    %rcx,%rdi
ffffffff813b4c27:	4c 89 4c 24 08       	mov    %r9,0x8(%rsp)
ffffffff813b4c2c:	4c 89 04 24          	mov    %r8,(%rsp)
ffffffff813b4c30:	e8 db cc ea 00       	call   0xffffffff82261910   <_raw_spin_unlock>
ffffffff813b4c35:	4c 8b 4c 24 08       	mov    0x8(%rsp),%r9
ffffffff813b4c3a:	4c 8b 04 24          	mov    (%rsp),%r8
ffffffff813b4c3e:	e9 98 fc ff ff       	jmp    0xffffffff813b48db
ffffffff813b4c43:	8b 83 a0 08 00 00    	mov    0x8a0(%rbx),%eax
ffffffff813b4c49:	85 c0                	test   %eax,%eax
ffffffff813b4c4b:	0f 84 f7 fc ff ff    	je     0xffffffff813b4948
ffffffff813b4c51:	48 8d 74 24 20       	lea    0x20(%rsp),%rsi
ffffffff813b4c56:	48 89 df             	mov    %rbx,%rdi
ffffffff813b4c59:	44 89 54 24 10       	mov    %r10d,0x10(%rsp)
ffffffff813b4c5e:	4c 89 4c 24 08       	mov    %r9,0x8(%rsp)
ffffffff813b4c63:	4c 89 04 24          	mov    %r8,(%rsp)
ffffffff813b4c67:	e8 54 9e ff ff       	call   0xffffffff813aeac0   <__task_rq_lock>
ffffffff813b4c6c:	8b b3 a0 08 00 00    	mov    0x8a0(%rbx),%esi
ffffffff813b4c72:	31 d2                	xor    %edx,%edx
ffffffff813b4c74:	48 89 df             	mov    %rbx,%rdi
ffffffff813b4c77:	49 89 c6             	mov    %rax,%r14
ffffffff813b4c7a:	e8 51 25 03 00       	call   0xffffffff813e71d0   <psi_task_change>
ffffffff813b4c7f:	4c 89 f7             	mov    %r14,%rdi
ffffffff813b4c82:	e8 89 cc ea 00       	call   0xffffffff82261910   <_raw_spin_unlock>
ffffffff813b4c87:	44 8b 54 24 10       	mov    0x10(%rsp),%r10d
ffffffff813b4c8c:	4c 8b 4c 24 08       	mov    0x8(%rsp),%r9
ffffffff813b4c91:	4c 8b 04 24          	mov    (%rsp),%r8
ffffffff813b4c95:	e9 ae fc ff ff       	jmp    0xffffffff813b4948
ffffffff813b4c9a:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813b4c9f:	8b 53 14             	mov    0x14(%rbx),%edx
ffffffff813b4ca2:	48 89 c8             	mov    %rcx,%rax
ffffffff813b4ca5:	48 03 04 d5 80 c0 86 	add    -0x7d793f80(,%rdx,8),%rax
ffffffff813b4cac:	82 
ffffffff813b4cad:	f0 ff 88 28 0b 00 00 	lock decl 0xb28(%rax)
ffffffff813b4cb4:	e9 85 fc ff ff       	jmp    0xffffffff813b493e
ffffffff813b4cb9:	48 89 cf             	mov    %rcx,%rdi
ffffffff813b4cbc:	4c 89 4c 24 10       	mov    %r9,0x10(%rsp)
ffffffff813b4cc1:	4c 89 44 24 08       	mov    %r8,0x8(%rsp)
ffffffff813b4cc6:	48 89 0c 24          	mov    %rcx,(%rsp)
ffffffff813b4cca:	e8 b1 9f ff ff       	call   0xffffffff813aec80   <update_rq_clock>
ffffffff813b4ccf:	80 bb d9 00 00 00 00 	cmpb   $0x0,0xd9(%rbx)
ffffffff813b4cd6:	48 8b 0c 24          	mov    (%rsp),%rcx
ffffffff813b4cda:	4c 8b 44 24 08       	mov    0x8(%rsp),%r8
ffffffff813b4cdf:	4c 8b 4c 24 10       	mov    0x10(%rsp),%r9
ffffffff813b4ce4:	0f 85 1d 01 00 00    	jne    0xffffffff813b4e07
ffffffff813b4cea:	8b 53 34             	mov    0x34(%rbx),%edx
ffffffff813b4ced:	85 d2                	test   %edx,%edx
ffffffff813b4cef:	0f 84 e3 00 00 00    	je     0xffffffff813b4dd8
ffffffff813b4cf5:	c7 43 18 00 00 00 00 	movl   $0x0,0x18(%rbx)
ffffffff813b4cfc:	66 90                	xchg   %ax,%ax
ffffffff813b4cfe:	48 89 cf             	mov    %rcx,%rdi
ffffffff813b4d01:	4c 89 4c 24 08       	mov    %r9,0x8(%rsp)
ffffffff813b4d06:	4c 89 04 24          	mov    %r8,(%rsp)
ffffffff813b4d0a:	e8 01 cc ea 00       	call   0xffffffff82261910   <_raw_spin_unlock>
ffffffff813b4d0f:	48 81 3c 24 ff ef ff 	cmpq   $0xffffffffffffefff,(%rsp)
ffffffff813b4d16:	ff 
ffffffff813b4d17:	0f 87 a4 fb ff ff    	ja     0xffffffff813b48c1
ffffffff813b4d1d:	48 8b 74 24 08       	mov    0x8(%rsp),%rsi
ffffffff813b4d22:	48 8d bb ec 07 00 00 	lea    0x7ec(%rbx),%rdi
ffffffff813b4d29:	e8 32 c4 ea 00       	call   0xffffffff82261160   <_raw_spin_unlock_irqrestore>
ffffffff813b4d2e:	e9 8e fb ff ff       	jmp    0xffffffff813b48c1
ffffffff813b4d33:	48 83 bb f8 0a 00 00 	cmpq   $0x0,0xaf8(%rbx)
ffffffff813b4d3a:	00 
ffffffff813b4d3b:	0f 84 5e ff ff ff    	je     0xffffffff813b4c9f
ffffffff813b4d41:	48 89 df             	mov    %rbx,%rdi
ffffffff813b4d44:	44 89 54 24 10       	mov    %r10d,0x10(%rsp)
ffffffff813b4d49:	4c 89 4c 24 08       	mov    %r9,0x8(%rsp)
ffffffff813b4d4e:	4c 89 04 24          	mov    %r8,(%rsp)
ffffffff813b4d52:	e8 a9 92 0d 00       	call   0xffffffff8148e000   <__delayacct_blkio_end>
ffffffff813b4d57:	48 c7 c1 c0 0c b2 83 	mov    $0xffffffff83b20cc0,%rcx
ffffffff813b4d5e:	44 8b 54 24 10       	mov    0x10(%rsp),%r10d
ffffffff813b4d63:	4c 8b 4c 24 08       	mov    0x8(%rsp),%r9
ffffffff813b4d68:	4c 8b 04 24          	mov    (%rsp),%r8
ffffffff813b4d6c:	e9 2e ff ff ff       	jmp    0xffffffff813b4c9f
ffffffff813b4d71:	65 8b 05 bc 12 75 02 	mov    %gs:0x27512bc(%rip),%eax        # 0xffffffff83b06034
ffffffff813b4d78:	48 0f a3 05 60 b9 ea 	bt     %rax,0x1eab960(%rip)        # 0xffffffff832606e0
ffffffff813b4d7f:	01 
ffffffff813b4d80:	0f 83 78 ff ff ff    	jae    0xffffffff813b4cfe
ffffffff813b4d86:	65 ff 05 a3 12 75 02 	incl   %gs:0x27512a3(%rip)        # 0xffffffff83b06030
ffffffff813b4d8d:	48 8b 05 e4 9f e7 01 	mov    0x1e79fe4(%rip),%rax        # 0xffffffff8322ed78
ffffffff813b4d94:	48 85 c0             	test   %rax,%rax
ffffffff813b4d97:	74 28                	je     0xffffffff813b4dc1
ffffffff813b4d99:	48 8b 78 08          	mov    0x8(%rax),%rdi
ffffffff813b4d9d:	48 89 de             	mov    %rbx,%rsi
ffffffff813b4da0:	48 89 4c 24 10       	mov    %rcx,0x10(%rsp)
ffffffff813b4da5:	4c 89 4c 24 08       	mov    %r9,0x8(%rsp)
ffffffff813b4daa:	4c 89 04 24          	mov    %r8,(%rsp)
ffffffff813b4dae:	e8 5d 04 ff ff       	call   0xffffffff813a5210   <__traceiter_sched_wakeup>
ffffffff813b4db3:	48 8b 4c 24 10       	mov    0x10(%rsp),%rcx
ffffffff813b4db8:	4c 8b 4c 24 08       	mov    0x8(%rsp),%r9
ffffffff813b4dbd:	4c 8b 04 24          	mov    (%rsp),%r8
ffffffff813b4dc1:	65 ff 0d 68 12 75 02 	decl   %gs:0x2751268(%rip)        # 0xffffffff83b06030
ffffffff813b4dc8:	0f 85 30 ff ff ff    	jne    0xffffffff813b4cfe
ffffffff813b4dce:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813b4dd3:	e9 26 ff ff ff       	jmp    0xffffffff813b4cfe
ffffffff813b4dd8:	48 89 cf             	mov    %rcx,%rdi
ffffffff813b4ddb:	44 89 f2             	mov    %r14d,%edx
ffffffff813b4dde:	48 89 de             	mov    %rbx,%rsi
ffffffff813b4de1:	4c 89 4c 24 10       	mov    %r9,0x10(%rsp)
ffffffff813b4de6:	4c 89 44 24 08       	mov    %r8,0x8(%rsp)
ffffffff813b4deb:	48 89 0c 24          	mov    %rcx,(%rsp)
ffffffff813b4def:	e8 1c ad ff ff       	call   0xffffffff813afb10   <wakeup_preempt>
ffffffff813b4df4:	4c 8b 4c 24 10       	mov    0x10(%rsp),%r9
ffffffff813b4df9:	4c 8b 44 24 08       	mov    0x8(%rsp),%r8
ffffffff813b4dfe:	48 8b 0c 24          	mov    (%rsp),%rcx
ffffffff813b4e02:	e9 ee fe ff ff       	jmp    0xffffffff813b4cf5
ffffffff813b4e07:	48 89 cf             	mov    %rcx,%rdi
ffffffff813b4e0a:	ba 08 02 00 00       	mov    $0x208,%edx
ffffffff813b4e0f:	48 89 de             	mov    %rbx,%rsi
ffffffff813b4e12:	e8 b9 a8 ff ff       	call   0xffffffff813af6d0   <enqueue_task>
ffffffff813b4e17:	4c 8b 4c 24 10       	mov    0x10(%rsp),%r9
ffffffff813b4e1c:	4c 8b 44 24 08       	mov    0x8(%rsp),%r8
ffffffff813b4e21:	48 8b 0c 24          	mov    (%rsp),%rcx
ffffffff813b4e25:	e9 c0 fe ff ff       	jmp    0xffffffff813b4cea
ffffffff813b4e2a:	e8 a1 e5 e9 00       	call   0xffffffff822533d0   <__stack_chk_fail>
ffffffff813b4e2f:	90                   	nop
