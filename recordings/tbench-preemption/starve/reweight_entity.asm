# reweight_entity at 0xffffffff813c08b0, 6.18.44-fc-v1300, read 2026-12-07T22:04:56Z
ffffffff813c08b0:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c08b5:	41 55                	push   %r13
ffffffff813c08b7:	48 89 d1             	mov    %rdx,%rcx
ffffffff813c08ba:	45 31 ed             	xor    %r13d,%r13d
ffffffff813c08bd:	45 31 c0             	xor    %r8d,%r8d
ffffffff813c08c0:	41 54                	push   %r12
ffffffff813c08c2:	55                   	push   %rbp
ffffffff813c08c3:	48 89 fd             	mov    %rdi,%rbp
ffffffff813c08c6:	53                   	push   %rbx
ffffffff813c08c7:	48 89 f3             	mov    %rsi,%rbx
ffffffff813c08ca:	48 83 ec 08          	sub    $0x8,%rsp
ffffffff813c08ce:	4c 8b 67 48          	mov    0x48(%rdi),%r12
ffffffff813c08d2:	80 7e 58 00          	cmpb   $0x0,0x58(%rsi)
ffffffff813c08d6:	0f 85 72 01 00 00    	jne    0xffffffff813c0a4e
ffffffff813c08dc:	48 8b 85 a0 00 00 00 	mov    0xa0(%rbp),%rax
ffffffff813c08e3:	31 f6                	xor    %esi,%esi
ffffffff813c08e5:	48 2b 83 e0 00 00 00 	sub    0xe0(%rbx),%rax
ffffffff813c08ec:	48 0f 42 c6          	cmovb  %rsi,%rax
ffffffff813c08f0:	48 89 85 a0 00 00 00 	mov    %rax,0xa0(%rbp)
ffffffff813c08f7:	48 8b 03             	mov    (%rbx),%rax
ffffffff813c08fa:	48 85 c0             	test   %rax,%rax
ffffffff813c08fd:	0f 84 3f 01 00 00    	je     0xffffffff813c0a42
ffffffff813c0903:	48 c1 e8 0a          	shr    $0xa,%rax
ffffffff813c0907:	bf 02 00 00 00       	mov    $0x2,%edi
ffffffff813c090c:	48 8b 95 88 00 00 00 	mov    0x88(%rbp),%rdx
ffffffff813c0913:	48 39 f8             	cmp    %rdi,%rax
ffffffff813c0916:	48 0f 42 c7          	cmovb  %rdi,%rax
ffffffff813c091a:	48 0f af 83 c8 00 00 	imul   0xc8(%rbx),%rax
ffffffff813c0921:	00 
ffffffff813c0922:	48 29 c2             	sub    %rax,%rdx
ffffffff813c0925:	48 89 f0             	mov    %rsi,%rax
ffffffff813c0928:	48 0f 43 c2          	cmovae %rdx,%rax
ffffffff813c092c:	48 89 85 88 00 00 00 	mov    %rax,0x88(%rbp)
ffffffff813c0933:	8b 95 88 00 00 00    	mov    0x88(%rbp),%edx
ffffffff813c0939:	48 63 f1             	movslq %ecx,%rsi
ffffffff813c093c:	69 85 a0 00 00 00 7e 	imul   $0xb67e,0xa0(%rbp),%eax
ffffffff813c0943:	b6 00 00 
ffffffff813c0946:	39 d0                	cmp    %edx,%eax
ffffffff813c0948:	0f 42 c2             	cmovb  %edx,%eax
ffffffff813c094b:	48 89 85 88 00 00 00 	mov    %rax,0x88(%rbp)
ffffffff813c0952:	48 8b 83 80 00 00 00 	mov    0x80(%rbx),%rax
ffffffff813c0959:	48 8b 3b             	mov    (%rbx),%rdi
ffffffff813c095c:	48 0f af c7          	imul   %rdi,%rax
ffffffff813c0960:	48 99                	cqto
ffffffff813c0962:	48 f7 fe             	idiv   %rsi
ffffffff813c0965:	48 89 83 80 00 00 00 	mov    %rax,0x80(%rbx)
ffffffff813c096c:	80 7b 5a 00          	cmpb   $0x0,0x5a(%rbx)
ffffffff813c0970:	74 11                	je     0xffffffff813c0983
ffffffff813c0972:	48 8b 43 28          	mov    0x28(%rbx),%rax
ffffffff813c0976:	48 0f af c7          	imul   %rdi,%rax
ffffffff813c097a:	48 99                	cqto
ffffffff813c097c:	48 f7 fe             	idiv   %rsi
ffffffff813c097f:	48 89 43 28          	mov    %rax,0x28(%rbx)
ffffffff813c0983:	45 84 c0             	test   %r8b,%r8b
ffffffff813c0986:	74 0f                	je     0xffffffff813c0997
ffffffff813c0988:	4c 0f af ef          	imul   %rdi,%r13
ffffffff813c098c:	4c 89 e8             	mov    %r13,%rax
ffffffff813c098f:	48 99                	cqto
ffffffff813c0991:	48 f7 fe             	idiv   %rsi
ffffffff813c0994:	49 89 c5             	mov    %rax,%r13
ffffffff813c0997:	48 89 c8             	mov    %rcx,%rax
ffffffff813c099a:	ba 02 00 00 00       	mov    $0x2,%edx
ffffffff813c099f:	8b b3 dc 00 00 00    	mov    0xdc(%rbx),%esi
ffffffff813c09a5:	48 89 0b             	mov    %rcx,(%rbx)
ffffffff813c09a8:	48 c1 e8 0a          	shr    $0xa,%rax
ffffffff813c09ac:	48 85 c9             	test   %rcx,%rcx
ffffffff813c09af:	c7 43 08 00 00 00 00 	movl   $0x0,0x8(%rbx)
ffffffff813c09b6:	48 0f 44 c1          	cmove  %rcx,%rax
ffffffff813c09ba:	48 39 d0             	cmp    %rdx,%rax
ffffffff813c09bd:	48 0f 42 c2          	cmovb  %rdx,%rax
ffffffff813c09c1:	48 85 c9             	test   %rcx,%rcx
ffffffff813c09c4:	48 0f 44 c1          	cmove  %rcx,%rax
ffffffff813c09c8:	48 0f af 83 c8 00 00 	imul   0xc8(%rbx),%rax
ffffffff813c09cf:	00 
ffffffff813c09d0:	8d 8e 7e b6 00 00    	lea    0xb67e(%rsi),%ecx
ffffffff813c09d6:	31 d2                	xor    %edx,%edx
ffffffff813c09d8:	48 f7 f1             	div    %rcx
ffffffff813c09db:	48 89 83 e0 00 00 00 	mov    %rax,0xe0(%rbx)
ffffffff813c09e2:	48 01 85 a0 00 00 00 	add    %rax,0xa0(%rbp)
ffffffff813c09e9:	48 8b 13             	mov    (%rbx),%rdx
ffffffff813c09ec:	b8 02 00 00 00       	mov    $0x2,%eax
ffffffff813c09f1:	48 89 d1             	mov    %rdx,%rcx
ffffffff813c09f4:	48 c1 e9 0a          	shr    $0xa,%rcx
ffffffff813c09f8:	48 85 d2             	test   %rdx,%rdx
ffffffff813c09fb:	48 0f 44 ca          	cmove  %rdx,%rcx
ffffffff813c09ff:	48 39 c1             	cmp    %rax,%rcx
ffffffff813c0a02:	48 0f 42 c8          	cmovb  %rax,%rcx
ffffffff813c0a06:	48 85 d2             	test   %rdx,%rdx
ffffffff813c0a09:	48 0f 45 d1          	cmovne %rcx,%rdx
ffffffff813c0a0d:	48 0f af 93 c8 00 00 	imul   0xc8(%rbx),%rdx
ffffffff813c0a14:	00 
ffffffff813c0a15:	48 01 95 88 00 00 00 	add    %rdx,0x88(%rbp)
ffffffff813c0a1c:	80 7b 58 00          	cmpb   $0x0,0x58(%rbx)
ffffffff813c0a20:	0f 85 83 00 00 00    	jne    0xffffffff813c0aa9
ffffffff813c0a26:	48 83 c4 08          	add    $0x8,%rsp
ffffffff813c0a2a:	5b                   	pop    %rbx
ffffffff813c0a2b:	5d                   	pop    %rbp
ffffffff813c0a2c:	41 5c                	pop    %r12
ffffffff813c0a2e:	41 5d                	pop    %r13
ffffffff813c0a30:	31 c0                	xor    %eax,%eax
ffffffff813c0a32:	31 d2                	xor    %edx,%edx
ffffffff813c0a34:	31 c9                	xor    %ecx,%ecx
ffffffff813c0a36:	31 f6                	xor    %esi,%esi
ffffffff813c0a38:	31 ff                	xor    %edi,%edi
ffffffff813c0a3a:	45 31 c0             	xor    %r8d,%r8d
ffffffff813c0a3d:	e9 c9 36 d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c0a42:	48 8b 85 88 00 00 00 	mov    0x88(%rbp),%rax
ffffffff813c0a49:	e9 de fe ff ff       	jmp    0xffffffff813c092c
ffffffff813c0a4e:	48 89 14 24          	mov    %rdx,(%rsp)
ffffffff813c0a52:	e8 c9 f6 ff ff       	call   0xffffffff813c0120   <update_curr>
ffffffff813c0a57:	48 89 de             	mov    %rbx,%rsi
ffffffff813c0a5a:	48 89 ef             	mov    %rbp,%rdi
ffffffff813c0a5d:	e8 4e fc ff ff       	call   0xffffffff813c06b0   <update_entity_lag>
ffffffff813c0a62:	c6 43 5a 01          	movb   $0x1,0x5a(%rbx)
ffffffff813c0a66:	48 8b 53 78          	mov    0x78(%rbx),%rdx
ffffffff813c0a6a:	48 29 53 28          	sub    %rdx,0x28(%rbx)
ffffffff813c0a6e:	8b 45 10             	mov    0x10(%rbp),%eax
ffffffff813c0a71:	48 8b 0c 24          	mov    (%rsp),%rcx
ffffffff813c0a75:	83 e8 01             	sub    $0x1,%eax
ffffffff813c0a78:	49 39 dc             	cmp    %rbx,%r12
ffffffff813c0a7b:	0f 84 88 00 00 00    	je     0xffffffff813c0b09
ffffffff813c0a81:	89 45 10             	mov    %eax,0x10(%rbp)
ffffffff813c0a84:	48 89 de             	mov    %rbx,%rsi
ffffffff813c0a87:	48 89 ef             	mov    %rbp,%rdi
ffffffff813c0a8a:	e8 11 90 ff ff       	call   0xffffffff813b9aa0   <__dequeue_entity>
ffffffff813c0a8f:	48 8b 0c 24          	mov    (%rsp),%rcx
ffffffff813c0a93:	45 31 c0             	xor    %r8d,%r8d
ffffffff813c0a96:	48 8b 03             	mov    (%rbx),%rax
ffffffff813c0a99:	c7 45 08 00 00 00 00 	movl   $0x0,0x8(%rbp)
ffffffff813c0aa0:	48 29 45 00          	sub    %rax,0x0(%rbp)
ffffffff813c0aa4:	e9 33 fe ff ff       	jmp    0xffffffff813c08dc
ffffffff813c0aa9:	31 d2                	xor    %edx,%edx
ffffffff813c0aab:	48 89 de             	mov    %rbx,%rsi
ffffffff813c0aae:	48 89 ef             	mov    %rbp,%rdi
ffffffff813c0ab1:	44 88 04 24          	mov    %r8b,(%rsp)
ffffffff813c0ab5:	e8 66 fa ff ff       	call   0xffffffff813c0520   <place_entity>
ffffffff813c0aba:	80 3c 24 00          	cmpb   $0x0,(%rsp)
ffffffff813c0abe:	74 0b                	je     0xffffffff813c0acb
ffffffff813c0ac0:	4c 03 6b 78          	add    0x78(%rbx),%r13
ffffffff813c0ac4:	4c 89 ab 80 00 00 00 	mov    %r13,0x80(%rbx)
ffffffff813c0acb:	48 8b 03             	mov    (%rbx),%rax
ffffffff813c0ace:	c7 45 08 00 00 00 00 	movl   $0x0,0x8(%rbp)
ffffffff813c0ad5:	48 01 45 00          	add    %rax,0x0(%rbp)
ffffffff813c0ad9:	49 39 dc             	cmp    %rbx,%r12
ffffffff813c0adc:	74 0b                	je     0xffffffff813c0ae9
ffffffff813c0ade:	48 89 de             	mov    %rbx,%rsi
ffffffff813c0ae1:	48 89 ef             	mov    %rbp,%rdi
ffffffff813c0ae4:	e8 07 8d ff ff       	call   0xffffffff813b97f0   <__enqueue_entity>
ffffffff813c0ae9:	83 45 10 01          	addl   $0x1,0x10(%rbp)
ffffffff813c0aed:	48 83 c4 08          	add    $0x8,%rsp
ffffffff813c0af1:	5b                   	pop    %rbx
ffffffff813c0af2:	5d                   	pop    %rbp
ffffffff813c0af3:	41 5c                	pop    %r12
ffffffff813c0af5:	41 5d                	pop    %r13
ffffffff813c0af7:	31 c0                	xor    %eax,%eax
ffffffff813c0af9:	31 d2                	xor    %edx,%edx
ffffffff813c0afb:	31 c9                	xor    %ecx,%ecx
ffffffff813c0afd:	31 f6                	xor    %esi,%esi
ffffffff813c0aff:	31 ff                	xor    %edi,%edi
ffffffff813c0b01:	45 31 c0             	xor    %r8d,%r8d
ffffffff813c0b04:	e9 02 36 d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c0b09:	49 8b b4 24 80 00 00 	mov    0x80(%r12),%rsi
ffffffff813c0b10:	00 
ffffffff813c0b11:	48 39 f2             	cmp    %rsi,%rdx
ffffffff813c0b14:	78 08                	js     0xffffffff813c0b1e
ffffffff813c0b16:	89 45 10             	mov    %eax,0x10(%rbp)
ffffffff813c0b19:	e9 75 ff ff ff       	jmp    0xffffffff813c0a93
ffffffff813c0b1e:	48 29 d6             	sub    %rdx,%rsi
ffffffff813c0b21:	89 45 10             	mov    %eax,0x10(%rbp)
ffffffff813c0b24:	41 b8 01 00 00 00    	mov    $0x1,%r8d
ffffffff813c0b2a:	49 89 f5             	mov    %rsi,%r13
ffffffff813c0b2d:	e9 64 ff ff ff       	jmp    0xffffffff813c0a96
ffffffff813c0b32:	0f 1f 00             	nopl   (%rax)
ffffffff813c0b35:	66 66 2e 0f 1f 84 00 	data16 cs nopw 0x0(%rax,%rax,1)
ffffffff813c0b3c:	00 00 00 00 
ffffffff813c0b40:	90                   	nop
ffffffff813c0b41:	90                   	nop
ffffffff813c0b42:	90                   	nop
ffffffff813c0b43:	90                   	nop
ffffffff813c0b44:	90                   	nop
ffffffff813c0b45:	90                   	nop
ffffffff813c0b46:	90                   	nop
ffffffff813c0b47:	90                   	nop
ffffffff813c0b48:	90                   	nop
ffffffff813c0b49:	90                   	nop
ffffffff813c0b4a:	90                   	nop
ffffffff813c0b4b:	90                   	nop
ffffffff813c0b4c:	90                   	nop
ffffffff813c0b4d:	90                   	nop
ffffffff813c0b4e:	90                   	nop
ffffffff813c0b4f:	90                   	nop
