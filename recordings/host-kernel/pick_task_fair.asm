# pick_task_fair at 0xffffffff813c33d0, 6.18.44-fc-v1272, read 2026-12-06T22:48:16Z
ffffffff813c33d0:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c33d5:	55                   	push   %rbp
ffffffff813c33d6:	53                   	push   %rbx
ffffffff813c33d7:	48 89 fb             	mov    %rdi,%rbx
ffffffff813c33da:	48 83 ec 08          	sub    $0x8,%rsp
ffffffff813c33de:	8b 8f 90 00 00 00    	mov    0x90(%rdi),%ecx
ffffffff813c33e4:	85 c9                	test   %ecx,%ecx
ffffffff813c33e6:	0f 84 94 00 00 00    	je     0xffffffff813c3480
ffffffff813c33ec:	48 8d bb 80 00 00 00 	lea    0x80(%rbx),%rdi
ffffffff813c33f3:	31 ed                	xor    %ebp,%ebp
ffffffff813c33f5:	eb 23                	jmp    0xffffffff813c341a
ffffffff813c33f7:	66 90                	xchg   %ax,%ax
ffffffff813c33f9:	be 01 00 00 00       	mov    $0x1,%esi
ffffffff813c33fe:	e8 dd 3c ff ff       	call   0xffffffff813b70e0   <pick_eevdf>
ffffffff813c3403:	80 78 59 00          	cmpb   $0x0,0x59(%rax)
ffffffff813c3407:	75 59                	jne    0xffffffff813c3462
ffffffff813c3409:	48 85 c0             	test   %rax,%rax
ffffffff813c340c:	74 64                	je     0xffffffff813c3472
ffffffff813c340e:	48 8b b8 b0 00 00 00 	mov    0xb0(%rax),%rdi
ffffffff813c3415:	48 85 ff             	test   %rdi,%rdi
ffffffff813c3418:	74 7e                	je     0xffffffff813c3498
ffffffff813c341a:	48 8b 47 48          	mov    0x48(%rdi),%rax
ffffffff813c341e:	48 85 c0             	test   %rax,%rax
ffffffff813c3421:	74 d4                	je     0xffffffff813c33f7
ffffffff813c3423:	80 78 58 00          	cmpb   $0x0,0x58(%rax)
ffffffff813c3427:	74 ce                	je     0xffffffff813c33f7
ffffffff813c3429:	48 89 3c 24          	mov    %rdi,(%rsp)
ffffffff813c342d:	e8 ee cc ff ff       	call   0xffffffff813c0120   <update_curr>
ffffffff813c3432:	48 8b 3c 24          	mov    (%rsp),%rdi
ffffffff813c3436:	eb bf                	jmp    0xffffffff813c33f7
ffffffff813c3438:	8b 87 64 01 00 00    	mov    0x164(%rdi),%eax
ffffffff813c343e:	85 c0                	test   %eax,%eax
ffffffff813c3440:	74 b7                	je     0xffffffff813c33f9
ffffffff813c3442:	48 83 bf 68 01 00 00 	cmpq   $0x0,0x168(%rdi)
ffffffff813c3449:	00 
ffffffff813c344a:	7f ad                	jg     0xffffffff813c33f9
ffffffff813c344c:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c3451:	48 89 3c 24          	mov    %rdi,(%rsp)
ffffffff813c3455:	e8 46 50 ff ff       	call   0xffffffff813b84a0   <throttle_cfs_rq>
ffffffff813c345a:	48 8b 3c 24          	mov    (%rsp),%rdi
ffffffff813c345e:	09 c5                	or     %eax,%ebp
ffffffff813c3460:	eb 97                	jmp    0xffffffff813c33f9
ffffffff813c3462:	ba 01 02 00 00       	mov    $0x201,%edx
ffffffff813c3467:	48 89 c6             	mov    %rax,%rsi
ffffffff813c346a:	48 89 df             	mov    %rbx,%rdi
ffffffff813c346d:	e8 4e e9 ff ff       	call   0xffffffff813c1dc0   <dequeue_entities>
ffffffff813c3472:	8b 93 90 00 00 00    	mov    0x90(%rbx),%edx
ffffffff813c3478:	85 d2                	test   %edx,%edx
ffffffff813c347a:	0f 85 6c ff ff ff    	jne    0xffffffff813c33ec
ffffffff813c3480:	31 db                	xor    %ebx,%ebx
ffffffff813c3482:	48 83 c4 08          	add    $0x8,%rsp
ffffffff813c3486:	48 89 d8             	mov    %rbx,%rax
ffffffff813c3489:	5b                   	pop    %rbx
ffffffff813c348a:	5d                   	pop    %rbp
ffffffff813c348b:	31 d2                	xor    %edx,%edx
ffffffff813c348d:	31 c9                	xor    %ecx,%ecx
ffffffff813c348f:	31 f6                	xor    %esi,%esi
ffffffff813c3491:	31 ff                	xor    %edi,%edi
ffffffff813c3493:	e9 73 0c d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c3498:	48 8d 58 80          	lea    -0x80(%rax),%rbx
ffffffff813c349c:	40 84 ed             	test   %bpl,%bpl
ffffffff813c349f:	75 16                	jne    0xffffffff813c34b7
ffffffff813c34a1:	48 83 c4 08          	add    $0x8,%rsp
ffffffff813c34a5:	48 89 d8             	mov    %rbx,%rax
ffffffff813c34a8:	5b                   	pop    %rbx
ffffffff813c34a9:	5d                   	pop    %rbp
ffffffff813c34aa:	31 d2                	xor    %edx,%edx
ffffffff813c34ac:	31 c9                	xor    %ecx,%ecx
ffffffff813c34ae:	31 f6                	xor    %esi,%esi
ffffffff813c34b0:	31 ff                	xor    %edi,%edi
ffffffff813c34b2:	e9 54 0c d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c34b7:	48 8d b0 50 02 00 00 	lea    0x250(%rax),%rsi
ffffffff813c34be:	48 39 b0 50 02 00 00 	cmp    %rsi,0x250(%rax)
ffffffff813c34c5:	75 da                	jne    0xffffffff813c34a1
ffffffff813c34c7:	f7 40 ac 04 00 20 00 	testl  $0x200004,-0x54(%rax)
ffffffff813c34ce:	75 d1                	jne    0xffffffff813c34a1
ffffffff813c34d0:	ba 01 00 00 00       	mov    $0x1,%edx
ffffffff813c34d5:	48 89 df             	mov    %rbx,%rdi
ffffffff813c34d8:	e8 c3 00 fd ff       	call   0xffffffff813935a0   <task_work_add>
ffffffff813c34dd:	eb c2                	jmp    0xffffffff813c34a1
ffffffff813c34df:	f6 87 a0 01 00 00 01 	testb  $0x1,0x1a0(%rdi)
ffffffff813c34e6:	0f 84 65 ff ff ff    	je     0xffffffff813c3451
ffffffff813c34ec:	bd 01 00 00 00       	mov    $0x1,%ebp
ffffffff813c34f1:	e9 03 ff ff ff       	jmp    0xffffffff813c33f9
ffffffff813c34f6:	66 2e 0f 1f 84 00 00 	cs nopw 0x0(%rax,%rax,1)
ffffffff813c34fd:	00 00 00 
ffffffff813c3500:	90                   	nop
ffffffff813c3501:	90                   	nop
ffffffff813c3502:	90                   	nop
ffffffff813c3503:	90                   	nop
ffffffff813c3504:	90                   	nop
ffffffff813c3505:	90                   	nop
ffffffff813c3506:	90                   	nop
ffffffff813c3507:	90                   	nop
ffffffff813c3508:	90                   	nop
ffffffff813c3509:	90                   	nop
ffffffff813c350a:	90                   	nop
ffffffff813c350b:	90                   	nop
ffffffff813c350c:	90                   	nop
ffffffff813c350d:	90                   	nop
ffffffff813c350e:	90                   	nop
ffffffff813c350f:	90                   	nop
