# requeue_delayed_entity at 0xffffffff813c07a0, 6.18.44-fc-v1300, read 2026-12-07T17:04:02Z
ffffffff813c07a0:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c07a5:	55                   	push   %rbp
ffffffff813c07a6:	53                   	push   %rbx
ffffffff813c07a7:	48 89 fb             	mov    %rdi,%rbx
ffffffff813c07aa:	48 8b af a8 00 00 00 	mov    0xa8(%rdi),%rbp
ffffffff813c07b1:	80 7f 59 00          	cmpb   $0x0,0x59(%rdi)
ffffffff813c07b5:	0f 84 cb 00 00 00    	je     0xffffffff813c0886
ffffffff813c07bb:	80 7b 58 00          	cmpb   $0x0,0x58(%rbx)
ffffffff813c07bf:	0f 84 cd 00 00 00    	je     0xffffffff813c0892
ffffffff813c07c5:	66 90                	xchg   %ax,%ax
ffffffff813c07c7:	48 89 de             	mov    %rbx,%rsi
ffffffff813c07ca:	48 89 ef             	mov    %rbp,%rdi
ffffffff813c07cd:	e8 de fe ff ff       	call   0xffffffff813c06b0   <update_entity_lag>
ffffffff813c07d2:	48 83 bb 80 00 00 00 	cmpq   $0x0,0x80(%rbx)
ffffffff813c07d9:	00 
ffffffff813c07da:	7e 42                	jle    0xffffffff813c081e
ffffffff813c07dc:	83 6d 10 01          	subl   $0x1,0x10(%rbp)
ffffffff813c07e0:	48 39 5d 48          	cmp    %rbx,0x48(%rbp)
ffffffff813c07e4:	74 0b                	je     0xffffffff813c07f1
ffffffff813c07e6:	48 89 de             	mov    %rbx,%rsi
ffffffff813c07e9:	48 89 ef             	mov    %rbp,%rdi
ffffffff813c07ec:	e8 af 92 ff ff       	call   0xffffffff813b9aa0   <__dequeue_entity>
ffffffff813c07f1:	48 c7 83 80 00 00 00 	movq   $0x0,0x80(%rbx)
ffffffff813c07f8:	00 00 00 00 
ffffffff813c07fc:	31 d2                	xor    %edx,%edx
ffffffff813c07fe:	48 89 de             	mov    %rbx,%rsi
ffffffff813c0801:	48 89 ef             	mov    %rbp,%rdi
ffffffff813c0804:	e8 17 fd ff ff       	call   0xffffffff813c0520   <place_entity>
ffffffff813c0809:	48 39 5d 48          	cmp    %rbx,0x48(%rbp)
ffffffff813c080d:	74 0b                	je     0xffffffff813c081a
ffffffff813c080f:	48 89 de             	mov    %rbx,%rsi
ffffffff813c0812:	48 89 ef             	mov    %rbp,%rdi
ffffffff813c0815:	e8 d6 8f ff ff       	call   0xffffffff813b97f0   <__enqueue_entity>
ffffffff813c081a:	83 45 10 01          	addl   $0x1,0x10(%rbp)
ffffffff813c081e:	31 d2                	xor    %edx,%edx
ffffffff813c0820:	48 89 de             	mov    %rbx,%rsi
ffffffff813c0823:	48 89 ef             	mov    %rbp,%rdi
ffffffff813c0826:	e8 25 9f ff ff       	call   0xffffffff813ba750   <update_load_avg>
ffffffff813c082b:	c6 43 59 00          	movb   $0x0,0x59(%rbx)
ffffffff813c082f:	48 83 bb b0 00 00 00 	cmpq   $0x0,0xb0(%rbx)
ffffffff813c0836:	00 
ffffffff813c0837:	74 39                	je     0xffffffff813c0872
ffffffff813c0839:	5b                   	pop    %rbx
ffffffff813c083a:	5d                   	pop    %rbp
ffffffff813c083b:	31 c0                	xor    %eax,%eax
ffffffff813c083d:	31 d2                	xor    %edx,%edx
ffffffff813c083f:	31 f6                	xor    %esi,%esi
ffffffff813c0841:	31 ff                	xor    %edi,%edi
ffffffff813c0843:	e9 c3 38 d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c0848:	66 90                	xchg   %ax,%ax
ffffffff813c084a:	66 66 2e 0f 1f 84 00 	data16 cs nopw 0x0(%rax,%rax,1)
ffffffff813c0851:	00 00 00 00 
ffffffff813c0855:	66 66 2e 0f 1f 84 00 	data16 cs nopw 0x0(%rax,%rax,1)
ffffffff813c085c:	00 00 00 00 
ffffffff813c0860:	48 8b 83 a8 00 00 00 	mov    0xa8(%rbx),%rax
ffffffff813c0867:	83 40 18 01          	addl   $0x1,0x18(%rax)
ffffffff813c086b:	48 8b 9b a0 00 00 00 	mov    0xa0(%rbx),%rbx
ffffffff813c0872:	48 85 db             	test   %rbx,%rbx
ffffffff813c0875:	75 e9                	jne    0xffffffff813c0860
ffffffff813c0877:	5b                   	pop    %rbx
ffffffff813c0878:	5d                   	pop    %rbp
ffffffff813c0879:	31 c0                	xor    %eax,%eax
ffffffff813c087b:	31 d2                	xor    %edx,%edx
ffffffff813c087d:	31 f6                	xor    %esi,%esi
ffffffff813c087f:	31 ff                	xor    %edi,%edi
ffffffff813c0881:	e9 85 38 d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c0886:	0f 0b                	ud2
ffffffff813c0888:	80 7b 58 00          	cmpb   $0x0,0x58(%rbx)
ffffffff813c088c:	0f 85 33 ff ff ff    	jne    0xffffffff813c07c5
ffffffff813c0892:	0f 0b                	ud2
ffffffff813c0894:	e9 2c ff ff ff       	jmp    0xffffffff813c07c5
ffffffff813c0899:	0f 1f 80 00 00 00 00 	nopl   0x0(%rax)
