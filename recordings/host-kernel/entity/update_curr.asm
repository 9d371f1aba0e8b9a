# update_curr at 0xffffffff813c0120, 6.18.44-fc-v1300, read 2026-12-07T17:03:53Z
ffffffff813c0120:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c0125:	41 55                	push   %r13
ffffffff813c0127:	41 54                	push   %r12
ffffffff813c0129:	55                   	push   %rbp
ffffffff813c012a:	53                   	push   %rbx
ffffffff813c012b:	48 83 ec 08          	sub    $0x8,%rsp
ffffffff813c012f:	48 8b 5f 48          	mov    0x48(%rdi),%rbx
ffffffff813c0133:	48 85 db             	test   %rbx,%rbx
ffffffff813c0136:	74 6e                	je     0xffffffff813c01a6
ffffffff813c0138:	4c 8b af 38 01 00 00 	mov    0x138(%rdi),%r13
ffffffff813c013f:	48 89 fd             	mov    %rdi,%rbp
ffffffff813c0142:	48 89 de             	mov    %rbx,%rsi
ffffffff813c0145:	4c 89 ef             	mov    %r13,%rdi
ffffffff813c0148:	e8 43 9f ff ff       	call   0xffffffff813ba090   <update_se>
ffffffff813c014d:	49 89 c4             	mov    %rax,%r12
ffffffff813c0150:	48 85 c0             	test   %rax,%rax
ffffffff813c0153:	7e 51                	jle    0xffffffff813c01a6
ffffffff813c0155:	48 81 3b 00 00 10 00 	cmpq   $0x100000,(%rbx)
ffffffff813c015c:	0f 85 cf 00 00 00    	jne    0xffffffff813c0231
ffffffff813c0162:	48 01 43 78          	add    %rax,0x78(%rbx)
ffffffff813c0166:	48 89 de             	mov    %rbx,%rsi
ffffffff813c0169:	48 89 ef             	mov    %rbp,%rdi
ffffffff813c016c:	e8 ff fe ff ff       	call   0xffffffff813c0070   <update_deadline>
ffffffff813c0171:	48 83 bb b0 00 00 00 	cmpq   $0x0,0xb0(%rbx)
ffffffff813c0178:	00 
ffffffff813c0179:	0f 84 87 00 00 00    	je     0xffffffff813c0206
ffffffff813c017f:	66 90                	xchg   %ax,%ax
ffffffff813c0181:	83 7d 10 01          	cmpl   $0x1,0x10(%rbp)
ffffffff813c0185:	74 1f                	je     0xffffffff813c01a6
ffffffff813c0187:	84 c0                	test   %al,%al
ffffffff813c0189:	75 0d                	jne    0xffffffff813c0198
ffffffff813c018b:	48 8b 83 80 00 00 00 	mov    0x80(%rbx),%rax
ffffffff813c0192:	48 39 43 78          	cmp    %rax,0x78(%rbx)
ffffffff813c0196:	78 0e                	js     0xffffffff813c01a6
ffffffff813c0198:	4c 89 ef             	mov    %r13,%rdi
ffffffff813c019b:	e8 80 f7 fe ff       	call   0xffffffff813af920   <resched_curr_lazy>
ffffffff813c01a0:	48 3b 5d 50          	cmp    0x50(%rbp),%rbx
ffffffff813c01a4:	74 1a                	je     0xffffffff813c01c0
ffffffff813c01a6:	48 83 c4 08          	add    $0x8,%rsp
ffffffff813c01aa:	5b                   	pop    %rbx
ffffffff813c01ab:	5d                   	pop    %rbp
ffffffff813c01ac:	41 5c                	pop    %r12
ffffffff813c01ae:	41 5d                	pop    %r13
ffffffff813c01b0:	31 c0                	xor    %eax,%eax
ffffffff813c01b2:	31 d2                	xor    %edx,%edx
ffffffff813c01b4:	31 f6                	xor    %esi,%esi
ffffffff813c01b6:	31 ff                	xor    %edi,%edi
ffffffff813c01b8:	e9 4e 3f d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c01bd:	0f 1f 00             	nopl   (%rax)
ffffffff813c01c0:	48 8b 83 a8 00 00 00 	mov    0xa8(%rbx),%rax
ffffffff813c01c7:	48 3b 58 50          	cmp    0x50(%rax),%rbx
ffffffff813c01cb:	75 d9                	jne    0xffffffff813c01a6
ffffffff813c01cd:	48 c7 40 50 00 00 00 	movq   $0x0,0x50(%rax)
ffffffff813c01d4:	00 
ffffffff813c01d5:	48 8b 9b a0 00 00 00 	mov    0xa0(%rbx),%rbx
ffffffff813c01dc:	48 85 db             	test   %rbx,%rbx
ffffffff813c01df:	75 df                	jne    0xffffffff813c01c0
ffffffff813c01e1:	eb c3                	jmp    0xffffffff813c01a6
ffffffff813c01e3:	8b 95 64 01 00 00    	mov    0x164(%rbp),%edx
ffffffff813c01e9:	85 d2                	test   %edx,%edx
ffffffff813c01eb:	74 94                	je     0xffffffff813c0181
ffffffff813c01ed:	4c 89 e6             	mov    %r12,%rsi
ffffffff813c01f0:	48 89 ef             	mov    %rbp,%rdi
ffffffff813c01f3:	88 44 24 07          	mov    %al,0x7(%rsp)
ffffffff813c01f7:	e8 64 80 ff ff       	call   0xffffffff813b8260   <__account_cfs_rq_runtime>
ffffffff813c01fc:	0f b6 44 24 07       	movzbl 0x7(%rsp),%eax
ffffffff813c0201:	e9 7b ff ff ff       	jmp    0xffffffff813c0181
ffffffff813c0206:	41 f6 85 e4 09 00 00 	testb  $0x20,0x9e4(%r13)
ffffffff813c020d:	20 
ffffffff813c020e:	0f 84 6b ff ff ff    	je     0xffffffff813c017f
ffffffff813c0214:	49 8d bd 90 09 00 00 	lea    0x990(%r13),%rdi
ffffffff813c021b:	4c 89 e6             	mov    %r12,%rsi
ffffffff813c021e:	88 44 24 07          	mov    %al,0x7(%rsp)
ffffffff813c0222:	e8 19 65 01 00       	call   0xffffffff813d6740   <dl_server_update>
ffffffff813c0227:	0f b6 44 24 07       	movzbl 0x7(%rsp),%eax
ffffffff813c022c:	e9 4e ff ff ff       	jmp    0xffffffff813c017f
ffffffff813c0231:	48 89 de             	mov    %rbx,%rsi
ffffffff813c0234:	48 89 c7             	mov    %rax,%rdi
ffffffff813c0237:	e8 54 78 ff ff       	call   0xffffffff813b7a90   <__calc_delta.constprop.0>
ffffffff813c023c:	e9 21 ff ff ff       	jmp    0xffffffff813c0162
ffffffff813c0241:	0f 1f 40 00          	nopl   0x0(%rax)
ffffffff813c0245:	66 66 2e 0f 1f 84 00 	data16 cs nopw 0x0(%rax,%rax,1)
ffffffff813c024c:	00 00 00 00 
ffffffff813c0250:	90                   	nop
ffffffff813c0251:	90                   	nop
ffffffff813c0252:	90                   	nop
ffffffff813c0253:	90                   	nop
ffffffff813c0254:	90                   	nop
ffffffff813c0255:	90                   	nop
ffffffff813c0256:	90                   	nop
ffffffff813c0257:	90                   	nop
ffffffff813c0258:	90                   	nop
ffffffff813c0259:	90                   	nop
ffffffff813c025a:	90                   	nop
ffffffff813c025b:	90                   	nop
ffffffff813c025c:	90                   	nop
ffffffff813c025d:	90                   	nop
ffffffff813c025e:	90                   	nop
ffffffff813c025f:	90                   	nop
