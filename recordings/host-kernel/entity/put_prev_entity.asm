# put_prev_entity at 0xffffffff813c0290, 6.18.44-fc-v1300, read 2026-12-07T17:04:06Z
ffffffff813c0290:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c0295:	55                   	push   %rbp
ffffffff813c0296:	48 89 f5             	mov    %rsi,%rbp
ffffffff813c0299:	53                   	push   %rbx
ffffffff813c029a:	48 89 fb             	mov    %rdi,%rbx
ffffffff813c029d:	80 7e 58 00          	cmpb   $0x0,0x58(%rsi)
ffffffff813c02a1:	75 2b                	jne    0xffffffff813c02ce
ffffffff813c02a3:	48 89 df             	mov    %rbx,%rdi
ffffffff813c02a6:	e8 35 84 ff ff       	call   0xffffffff813b86e0   <check_cfs_rq_runtime>
ffffffff813c02ab:	80 7d 58 00          	cmpb   $0x0,0x58(%rbp)
ffffffff813c02af:	75 30                	jne    0xffffffff813c02e1
ffffffff813c02b1:	48 39 6b 48          	cmp    %rbp,0x48(%rbx)
ffffffff813c02b5:	75 48                	jne    0xffffffff813c02ff
ffffffff813c02b7:	48 c7 43 48 00 00 00 	movq   $0x0,0x48(%rbx)
ffffffff813c02be:	00 
ffffffff813c02bf:	5b                   	pop    %rbx
ffffffff813c02c0:	5d                   	pop    %rbp
ffffffff813c02c1:	31 c0                	xor    %eax,%eax
ffffffff813c02c3:	31 d2                	xor    %edx,%edx
ffffffff813c02c5:	31 f6                	xor    %esi,%esi
ffffffff813c02c7:	31 ff                	xor    %edi,%edi
ffffffff813c02c9:	e9 3d 3e d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c02ce:	e8 4d fe ff ff       	call   0xffffffff813c0120   <update_curr>
ffffffff813c02d3:	48 89 df             	mov    %rbx,%rdi
ffffffff813c02d6:	e8 05 84 ff ff       	call   0xffffffff813b86e0   <check_cfs_rq_runtime>
ffffffff813c02db:	80 7d 58 00          	cmpb   $0x0,0x58(%rbp)
ffffffff813c02df:	74 d0                	je     0xffffffff813c02b1
ffffffff813c02e1:	48 89 ee             	mov    %rbp,%rsi
ffffffff813c02e4:	48 89 df             	mov    %rbx,%rdi
ffffffff813c02e7:	e8 04 95 ff ff       	call   0xffffffff813b97f0   <__enqueue_entity>
ffffffff813c02ec:	31 d2                	xor    %edx,%edx
ffffffff813c02ee:	48 89 ee             	mov    %rbp,%rsi
ffffffff813c02f1:	48 89 df             	mov    %rbx,%rdi
ffffffff813c02f4:	e8 57 a4 ff ff       	call   0xffffffff813ba750   <update_load_avg>
ffffffff813c02f9:	48 39 6b 48          	cmp    %rbp,0x48(%rbx)
ffffffff813c02fd:	74 b8                	je     0xffffffff813c02b7
ffffffff813c02ff:	0f 0b                	ud2
ffffffff813c0301:	48 c7 43 48 00 00 00 	movq   $0x0,0x48(%rbx)
ffffffff813c0308:	00 
ffffffff813c0309:	5b                   	pop    %rbx
ffffffff813c030a:	5d                   	pop    %rbp
ffffffff813c030b:	31 c0                	xor    %eax,%eax
ffffffff813c030d:	31 d2                	xor    %edx,%edx
ffffffff813c030f:	31 f6                	xor    %esi,%esi
ffffffff813c0311:	31 ff                	xor    %edi,%edi
ffffffff813c0313:	e9 f3 3d d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c0318:	0f 1f 84 00 00 00 00 	nopl   0x0(%rax,%rax,1)
ffffffff813c031f:	00 
ffffffff813c0320:	90                   	nop
ffffffff813c0321:	90                   	nop
ffffffff813c0322:	90                   	nop
ffffffff813c0323:	90                   	nop
ffffffff813c0324:	90                   	nop
ffffffff813c0325:	90                   	nop
ffffffff813c0326:	90                   	nop
ffffffff813c0327:	90                   	nop
ffffffff813c0328:	90                   	nop
ffffffff813c0329:	90                   	nop
ffffffff813c032a:	90                   	nop
ffffffff813c032b:	90                   	nop
ffffffff813c032c:	90                   	nop
ffffffff813c032d:	90                   	nop
ffffffff813c032e:	90                   	nop
ffffffff813c032f:	90                   	nop
