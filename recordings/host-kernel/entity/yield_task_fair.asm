# yield_task_fair at 0xffffffff813c03e0, 6.18.44-fc-v1300, read 2026-12-07T17:09:24Z
ffffffff813c03e0:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c03e5:	83 7f 04 01          	cmpl   $0x1,0x4(%rdi)
ffffffff813c03e9:	0f 84 bb 00 00 00    	je     0xffffffff813c04aa
ffffffff813c03ef:	41 55                	push   %r13
ffffffff813c03f1:	41 54                	push   %r12
ffffffff813c03f3:	55                   	push   %rbp
ffffffff813c03f4:	53                   	push   %rbx
ffffffff813c03f5:	48 8b af a0 0a 00 00 	mov    0xaa0(%rdi),%rbp
ffffffff813c03fc:	4c 8b a5 28 01 00 00 	mov    0x128(%rbp),%r12
ffffffff813c0403:	4c 8d ad 80 00 00 00 	lea    0x80(%rbp),%r13
ffffffff813c040a:	49 8b 44 24 50       	mov    0x50(%r12),%rax
ffffffff813c040f:	49 39 c5             	cmp    %rax,%r13
ffffffff813c0412:	74 5c                	je     0xffffffff813c0470
ffffffff813c0414:	48 89 fb             	mov    %rdi,%rbx
ffffffff813c0417:	e8 a4 f0 fe ff       	call   0xffffffff813af4c0   <update_rq_clock>
ffffffff813c041c:	4c 89 e7             	mov    %r12,%rdi
ffffffff813c041f:	e8 fc fc ff ff       	call   0xffffffff813c0120   <update_curr>
ffffffff813c0424:	83 8b d0 0a 00 00 01 	orl    $0x1,0xad0(%rbx)
ffffffff813c042b:	4c 89 e7             	mov    %r12,%rdi
ffffffff813c042e:	48 8b b5 f8 00 00 00 	mov    0xf8(%rbp),%rsi
ffffffff813c0435:	e8 16 6a ff ff       	call   0xffffffff813b6e50   <vruntime_eligible>
ffffffff813c043a:	85 c0                	test   %eax,%eax
ffffffff813c043c:	75 13                	jne    0xffffffff813c0451
ffffffff813c043e:	5b                   	pop    %rbx
ffffffff813c043f:	5d                   	pop    %rbp
ffffffff813c0440:	41 5c                	pop    %r12
ffffffff813c0442:	41 5d                	pop    %r13
ffffffff813c0444:	31 c0                	xor    %eax,%eax
ffffffff813c0446:	31 d2                	xor    %edx,%edx
ffffffff813c0448:	31 f6                	xor    %esi,%esi
ffffffff813c044a:	31 ff                	xor    %edi,%edi
ffffffff813c044c:	e9 ba 3c d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c0451:	48 8b 85 a8 00 00 00 	mov    0xa8(%rbp),%rax
ffffffff813c0458:	4c 89 ee             	mov    %r13,%rsi
ffffffff813c045b:	4c 89 e7             	mov    %r12,%rdi
ffffffff813c045e:	48 89 85 f8 00 00 00 	mov    %rax,0xf8(%rbp)
ffffffff813c0465:	5b                   	pop    %rbx
ffffffff813c0466:	5d                   	pop    %rbp
ffffffff813c0467:	41 5c                	pop    %r12
ffffffff813c0469:	41 5d                	pop    %r13
ffffffff813c046b:	e9 00 fc ff ff       	jmp    0xffffffff813c0070   <update_deadline>
ffffffff813c0470:	4d 85 ed             	test   %r13,%r13
ffffffff813c0473:	74 9f                	je     0xffffffff813c0414
ffffffff813c0475:	4c 89 e2             	mov    %r12,%rdx
ffffffff813c0478:	0f 1f 84 00 00 00 00 	nopl   0x0(%rax,%rax,1)
ffffffff813c047f:	00 
ffffffff813c0480:	48 c7 42 50 00 00 00 	movq   $0x0,0x50(%rdx)
ffffffff813c0487:	00 
ffffffff813c0488:	48 8b 80 a0 00 00 00 	mov    0xa0(%rax),%rax
ffffffff813c048f:	48 85 c0             	test   %rax,%rax
ffffffff813c0492:	0f 84 7c ff ff ff    	je     0xffffffff813c0414
ffffffff813c0498:	48 8b 90 a8 00 00 00 	mov    0xa8(%rax),%rdx
ffffffff813c049f:	48 39 42 50          	cmp    %rax,0x50(%rdx)
ffffffff813c04a3:	74 db                	je     0xffffffff813c0480
ffffffff813c04a5:	e9 6a ff ff ff       	jmp    0xffffffff813c0414
ffffffff813c04aa:	31 c0                	xor    %eax,%eax
ffffffff813c04ac:	31 d2                	xor    %edx,%edx
ffffffff813c04ae:	31 f6                	xor    %esi,%esi
ffffffff813c04b0:	31 ff                	xor    %edi,%edi
ffffffff813c04b2:	e9 54 3c d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c04b7:	66 0f 1f 84 00 00 00 	nopw   0x0(%rax,%rax,1)
ffffffff813c04be:	00 00 
