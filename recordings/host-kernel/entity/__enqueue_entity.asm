# __enqueue_entity at 0xffffffff813b97f0, 6.18.44-fc-v1300, read 2026-12-07T17:04:03Z
ffffffff813b97f0:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813b97f5:	41 56                	push   %r14
ffffffff813b97f7:	49 89 fa             	mov    %rdi,%r10
ffffffff813b97fa:	bf 02 00 00 00       	mov    $0x2,%edi
ffffffff813b97ff:	4c 8d 5e 10          	lea    0x10(%rsi),%r11
ffffffff813b9803:	41 55                	push   %r13
ffffffff813b9805:	41 54                	push   %r12
ffffffff813b9807:	55                   	push   %rbp
ffffffff813b9808:	53                   	push   %rbx
ffffffff813b9809:	48 8b 06             	mov    (%rsi),%rax
ffffffff813b980c:	49 8d 5a 38          	lea    0x38(%r10),%rbx
ffffffff813b9810:	48 8b 4e 78          	mov    0x78(%rsi),%rcx
ffffffff813b9814:	48 89 c2             	mov    %rax,%rdx
ffffffff813b9817:	48 c1 ea 0a          	shr    $0xa,%rdx
ffffffff813b981b:	48 85 c0             	test   %rax,%rax
ffffffff813b981e:	48 0f 44 d0          	cmove  %rax,%rdx
ffffffff813b9822:	48 39 fa             	cmp    %rdi,%rdx
ffffffff813b9825:	48 0f 42 d7          	cmovb  %rdi,%rdx
ffffffff813b9829:	48 85 c0             	test   %rax,%rax
ffffffff813b982c:	48 0f 45 c2          	cmovne %rdx,%rax
ffffffff813b9830:	49 2b 4a 30          	sub    0x30(%r10),%rcx
ffffffff813b9834:	49 01 42 28          	add    %rax,0x28(%r10)
ffffffff813b9838:	48 89 ca             	mov    %rcx,%rdx
ffffffff813b983b:	48 0f af d0          	imul   %rax,%rdx
ffffffff813b983f:	49 01 52 20          	add    %rdx,0x20(%r10)
ffffffff813b9843:	48 8b 46 78          	mov    0x78(%rsi),%rax
ffffffff813b9847:	48 89 46 30          	mov    %rax,0x30(%rsi)
ffffffff813b984b:	48 8b 86 88 00 00 00 	mov    0x88(%rsi),%rax
ffffffff813b9852:	48 89 46 38          	mov    %rax,0x38(%rsi)
ffffffff813b9856:	49 8b 42 38          	mov    0x38(%r10),%rax
ffffffff813b985a:	48 85 c0             	test   %rax,%rax
ffffffff813b985d:	0f 84 f6 01 00 00    	je     0xffffffff813b9a59
ffffffff813b9863:	48 8b 7e 28          	mov    0x28(%rsi),%rdi
ffffffff813b9867:	bd 01 00 00 00       	mov    $0x1,%ebp
ffffffff813b986c:	eb 15                	jmp    0xffffffff813b9883
ffffffff813b986e:	0f 1f 80 00 00 00 00 	nopl   0x0(%rax)
ffffffff813b9875:	66 66 2e 0f 1f 84 00 	data16 cs nopw 0x0(%rax,%rax,1)
ffffffff813b987c:	00 00 00 00 
ffffffff813b9880:	48 89 d0             	mov    %rdx,%rax
ffffffff813b9883:	48 8d 48 10          	lea    0x10(%rax),%rcx
ffffffff813b9887:	48 3b 78 18          	cmp    0x18(%rax),%rdi
ffffffff813b988b:	78 06                	js     0xffffffff813b9893
ffffffff813b988d:	48 8d 48 08          	lea    0x8(%rax),%rcx
ffffffff813b9891:	31 ed                	xor    %ebp,%ebp
ffffffff813b9893:	48 8b 11             	mov    (%rcx),%rdx
ffffffff813b9896:	48 85 d2             	test   %rdx,%rdx
ffffffff813b9899:	75 e5                	jne    0xffffffff813b9880
ffffffff813b989b:	48 89 46 10          	mov    %rax,0x10(%rsi)
ffffffff813b989f:	48 c7 46 18 00 00 00 	movq   $0x0,0x18(%rsi)
ffffffff813b98a6:	00 
ffffffff813b98a7:	48 c7 46 20 00 00 00 	movq   $0x0,0x20(%rsi)
ffffffff813b98ae:	00 
ffffffff813b98af:	4c 89 19             	mov    %r11,(%rcx)
ffffffff813b98b2:	eb 14                	jmp    0xffffffff813b98c8
ffffffff813b98b4:	48 8b 10             	mov    (%rax),%rdx
ffffffff813b98b7:	48 89 d0             	mov    %rdx,%rax
ffffffff813b98ba:	48 83 e0 fc          	and    $0xfffffffffffffffc,%rax
ffffffff813b98be:	48 83 fa 03          	cmp    $0x3,%rdx
ffffffff813b98c2:	0f 86 c5 00 00 00    	jbe    0xffffffff813b998d
ffffffff813b98c8:	48 8b 70 68          	mov    0x68(%rax),%rsi
ffffffff813b98cc:	4c 8b 40 08          	mov    0x8(%rax),%r8
ffffffff813b98d0:	4c 8b 48 20          	mov    0x20(%rax),%r9
ffffffff813b98d4:	4c 8b 60 28          	mov    0x28(%rax),%r12
ffffffff813b98d8:	4c 8b 68 30          	mov    0x30(%rax),%r13
ffffffff813b98dc:	48 8b 48 78          	mov    0x78(%rax),%rcx
ffffffff813b98e0:	48 89 70 20          	mov    %rsi,0x20(%rax)
ffffffff813b98e4:	48 89 f2             	mov    %rsi,%rdx
ffffffff813b98e7:	48 8b 78 10          	mov    0x10(%rax),%rdi
ffffffff813b98eb:	4d 85 c0             	test   %r8,%r8
ffffffff813b98ee:	0f 84 bc 00 00 00    	je     0xffffffff813b99b0
ffffffff813b98f4:	49 8b 70 20          	mov    0x20(%r8),%rsi
ffffffff813b98f8:	49 89 d6             	mov    %rdx,%r14
ffffffff813b98fb:	49 29 f6             	sub    %rsi,%r14
ffffffff813b98fe:	4d 85 f6             	test   %r14,%r14
ffffffff813b9901:	48 0f 4f d6          	cmovg  %rsi,%rdx
ffffffff813b9905:	48 89 50 20          	mov    %rdx,0x20(%rax)
ffffffff813b9909:	48 85 ff             	test   %rdi,%rdi
ffffffff813b990c:	0f 84 f5 00 00 00    	je     0xffffffff813b9a07
ffffffff813b9912:	48 8b 77 20          	mov    0x20(%rdi),%rsi
ffffffff813b9916:	48 29 f2             	sub    %rsi,%rdx
ffffffff813b9919:	48 85 d2             	test   %rdx,%rdx
ffffffff813b991c:	7e 04                	jle    0xffffffff813b9922
ffffffff813b991e:	48 89 70 20          	mov    %rsi,0x20(%rax)
ffffffff813b9922:	48 89 48 28          	mov    %rcx,0x28(%rax)
ffffffff813b9926:	49 8b 50 28          	mov    0x28(%r8),%rdx
ffffffff813b992a:	48 39 ca             	cmp    %rcx,%rdx
ffffffff813b992d:	0f 83 b1 00 00 00    	jae    0xffffffff813b99e4
ffffffff813b9933:	48 89 50 28          	mov    %rdx,0x28(%rax)
ffffffff813b9937:	48 8b 77 28          	mov    0x28(%rdi),%rsi
ffffffff813b993b:	48 39 d6             	cmp    %rdx,%rsi
ffffffff813b993e:	0f 83 ad 00 00 00    	jae    0xffffffff813b99f1
ffffffff813b9944:	48 89 70 28          	mov    %rsi,0x28(%rax)
ffffffff813b9948:	48 89 48 30          	mov    %rcx,0x30(%rax)
ffffffff813b994c:	49 8b 50 30          	mov    0x30(%r8),%rdx
ffffffff813b9950:	48 39 d1             	cmp    %rdx,%rcx
ffffffff813b9953:	73 07                	jae    0xffffffff813b995c
ffffffff813b9955:	48 89 50 30          	mov    %rdx,0x30(%rax)
ffffffff813b9959:	48 89 d1             	mov    %rdx,%rcx
ffffffff813b995c:	48 8b 70 20          	mov    0x20(%rax),%rsi
ffffffff813b9960:	48 8b 57 30          	mov    0x30(%rdi),%rdx
ffffffff813b9964:	48 39 d1             	cmp    %rdx,%rcx
ffffffff813b9967:	73 04                	jae    0xffffffff813b996d
ffffffff813b9969:	48 89 50 30          	mov    %rdx,0x30(%rax)
ffffffff813b996d:	48 89 f2             	mov    %rsi,%rdx
ffffffff813b9970:	49 39 d1             	cmp    %rdx,%r9
ffffffff813b9973:	0f 85 3b ff ff ff    	jne    0xffffffff813b98b4
ffffffff813b9979:	4c 3b 60 28          	cmp    0x28(%rax),%r12
ffffffff813b997d:	0f 85 31 ff ff ff    	jne    0xffffffff813b98b4
ffffffff813b9983:	4c 3b 68 30          	cmp    0x30(%rax),%r13
ffffffff813b9987:	0f 85 27 ff ff ff    	jne    0xffffffff813b98b4
ffffffff813b998d:	40 84 ed             	test   %bpl,%bpl
ffffffff813b9990:	0f 85 df 00 00 00    	jne    0xffffffff813b9a75
ffffffff813b9996:	48 89 de             	mov    %rbx,%rsi
ffffffff813b9999:	48 c7 c2 40 7c 3b 81 	mov    $0xffffffff813b7c40,%rdx
ffffffff813b99a0:	5b                   	pop    %rbx
ffffffff813b99a1:	4c 89 df             	mov    %r11,%rdi
ffffffff813b99a4:	5d                   	pop    %rbp
ffffffff813b99a5:	41 5c                	pop    %r12
ffffffff813b99a7:	41 5d                	pop    %r13
ffffffff813b99a9:	41 5e                	pop    %r14
ffffffff813b99ab:	e9 f0 09 e7 00       	jmp    0xffffffff8222a3a0   <__rb_insert_augmented>
ffffffff813b99b0:	48 85 ff             	test   %rdi,%rdi
ffffffff813b99b3:	0f 84 93 00 00 00    	je     0xffffffff813b9a4c
ffffffff813b99b9:	48 8b 57 20          	mov    0x20(%rdi),%rdx
ffffffff813b99bd:	49 89 f0             	mov    %rsi,%r8
ffffffff813b99c0:	49 29 d0             	sub    %rdx,%r8
ffffffff813b99c3:	4d 85 c0             	test   %r8,%r8
ffffffff813b99c6:	7f 6a                	jg     0xffffffff813b9a32
ffffffff813b99c8:	48 89 48 28          	mov    %rcx,0x28(%rax)
ffffffff813b99cc:	48 8b 57 28          	mov    0x28(%rdi),%rdx
ffffffff813b99d0:	48 39 ca             	cmp    %rcx,%rdx
ffffffff813b99d3:	48 0f 47 d1          	cmova  %rcx,%rdx
ffffffff813b99d7:	48 89 50 28          	mov    %rdx,0x28(%rax)
ffffffff813b99db:	48 89 48 30          	mov    %rcx,0x30(%rax)
ffffffff813b99df:	e9 7c ff ff ff       	jmp    0xffffffff813b9960
ffffffff813b99e4:	48 8b 77 28          	mov    0x28(%rdi),%rsi
ffffffff813b99e8:	48 39 ce             	cmp    %rcx,%rsi
ffffffff813b99eb:	0f 82 53 ff ff ff    	jb     0xffffffff813b9944
ffffffff813b99f1:	48 89 48 30          	mov    %rcx,0x30(%rax)
ffffffff813b99f5:	49 8b 50 30          	mov    0x30(%r8),%rdx
ffffffff813b99f9:	48 39 d1             	cmp    %rdx,%rcx
ffffffff813b99fc:	0f 82 53 ff ff ff    	jb     0xffffffff813b9955
ffffffff813b9a02:	e9 55 ff ff ff       	jmp    0xffffffff813b995c
ffffffff813b9a07:	48 89 48 28          	mov    %rcx,0x28(%rax)
ffffffff813b9a0b:	49 8b 70 28          	mov    0x28(%r8),%rsi
ffffffff813b9a0f:	48 89 48 30          	mov    %rcx,0x30(%rax)
ffffffff813b9a13:	48 39 ce             	cmp    %rcx,%rsi
ffffffff813b9a16:	48 0f 47 f1          	cmova  %rcx,%rsi
ffffffff813b9a1a:	48 89 70 28          	mov    %rsi,0x28(%rax)
ffffffff813b9a1e:	49 8b 70 30          	mov    0x30(%r8),%rsi
ffffffff813b9a22:	48 39 ce             	cmp    %rcx,%rsi
ffffffff813b9a25:	48 0f 42 f1          	cmovb  %rcx,%rsi
ffffffff813b9a29:	48 89 70 30          	mov    %rsi,0x30(%rax)
ffffffff813b9a2d:	e9 3e ff ff ff       	jmp    0xffffffff813b9970
ffffffff813b9a32:	48 89 50 20          	mov    %rdx,0x20(%rax)
ffffffff813b9a36:	48 89 48 28          	mov    %rcx,0x28(%rax)
ffffffff813b9a3a:	48 8b 77 28          	mov    0x28(%rdi),%rsi
ffffffff813b9a3e:	48 39 ce             	cmp    %rcx,%rsi
ffffffff813b9a41:	73 3b                	jae    0xffffffff813b9a7e
ffffffff813b9a43:	48 89 70 28          	mov    %rsi,0x28(%rax)
ffffffff813b9a47:	48 89 d6             	mov    %rdx,%rsi
ffffffff813b9a4a:	eb 8f                	jmp    0xffffffff813b99db
ffffffff813b9a4c:	48 89 48 28          	mov    %rcx,0x28(%rax)
ffffffff813b9a50:	48 89 48 30          	mov    %rcx,0x30(%rax)
ffffffff813b9a54:	e9 17 ff ff ff       	jmp    0xffffffff813b9970
ffffffff813b9a59:	48 c7 46 10 00 00 00 	movq   $0x0,0x10(%rsi)
ffffffff813b9a60:	00 
ffffffff813b9a61:	48 c7 46 18 00 00 00 	movq   $0x0,0x18(%rsi)
ffffffff813b9a68:	00 
ffffffff813b9a69:	48 c7 46 20 00 00 00 	movq   $0x0,0x20(%rsi)
ffffffff813b9a70:	00 
ffffffff813b9a71:	4d 89 5a 38          	mov    %r11,0x38(%r10)
ffffffff813b9a75:	4d 89 5a 40          	mov    %r11,0x40(%r10)
ffffffff813b9a79:	e9 18 ff ff ff       	jmp    0xffffffff813b9996
ffffffff813b9a7e:	48 89 d6             	mov    %rdx,%rsi
ffffffff813b9a81:	e9 55 ff ff ff       	jmp    0xffffffff813b99db
ffffffff813b9a86:	66 2e 0f 1f 84 00 00 	cs nopw 0x0(%rax,%rax,1)
ffffffff813b9a8d:	00 00 00 
