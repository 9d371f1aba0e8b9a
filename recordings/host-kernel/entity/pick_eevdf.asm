# pick_eevdf at 0xffffffff813b70e0, 6.18.44-fc-v1300, read 2026-12-07T17:03:52Z
ffffffff813b70e0:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813b70e5:	41 55                	push   %r13
ffffffff813b70e7:	41 54                	push   %r12
ffffffff813b70e9:	55                   	push   %rbp
ffffffff813b70ea:	53                   	push   %rbx
ffffffff813b70eb:	48 83 ec 08          	sub    $0x8,%rsp
ffffffff813b70ef:	48 8b 5f 40          	mov    0x40(%rdi),%rbx
ffffffff813b70f3:	4c 8b 6f 48          	mov    0x48(%rdi),%r13
ffffffff813b70f7:	48 8d 43 f0          	lea    -0x10(%rbx),%rax
ffffffff813b70fb:	48 85 db             	test   %rbx,%rbx
ffffffff813b70fe:	48 0f 45 d8          	cmovne %rax,%rbx
ffffffff813b7102:	83 7f 10 01          	cmpl   $0x1,0x10(%rdi)
ffffffff813b7106:	0f 84 06 01 00 00    	je     0xffffffff813b7212
ffffffff813b710c:	41 89 f4             	mov    %esi,%r12d
ffffffff813b710f:	48 89 fd             	mov    %rdi,%rbp
ffffffff813b7112:	66 90                	xchg   %ax,%ax
ffffffff813b7114:	48 8b 57 50          	mov    0x50(%rdi),%rdx
ffffffff813b7118:	48 85 d2             	test   %rdx,%rdx
ffffffff813b711b:	74 15                	je     0xffffffff813b7132
ffffffff813b711d:	48 8b 72 78          	mov    0x78(%rdx),%rsi
ffffffff813b7121:	48 89 14 24          	mov    %rdx,(%rsp)
ffffffff813b7125:	e8 26 fd ff ff       	call   0xffffffff813b6e50   <vruntime_eligible>
ffffffff813b712a:	85 c0                	test   %eax,%eax
ffffffff813b712c:	0f 85 06 01 00 00    	jne    0xffffffff813b7238
ffffffff813b7132:	4d 85 ed             	test   %r13,%r13
ffffffff813b7135:	74 34                	je     0xffffffff813b716b
ffffffff813b7137:	41 80 7d 58 00       	cmpb   $0x0,0x58(%r13)
ffffffff813b713c:	0f 84 92 00 00 00    	je     0xffffffff813b71d4
ffffffff813b7142:	49 8b 55 78          	mov    0x78(%r13),%rdx
ffffffff813b7146:	48 89 ef             	mov    %rbp,%rdi
ffffffff813b7149:	48 89 d6             	mov    %rdx,%rsi
ffffffff813b714c:	48 89 14 24          	mov    %rdx,(%rsp)
ffffffff813b7150:	e8 fb fc ff ff       	call   0xffffffff813b6e50   <vruntime_eligible>
ffffffff813b7155:	85 c0                	test   %eax,%eax
ffffffff813b7157:	74 7b                	je     0xffffffff813b71d4
ffffffff813b7159:	45 84 e4             	test   %r12b,%r12b
ffffffff813b715c:	74 0d                	je     0xffffffff813b716b
ffffffff813b715e:	48 8b 14 24          	mov    (%rsp),%rdx
ffffffff813b7162:	49 3b 95 80 00 00 00 	cmp    0x80(%r13),%rdx
ffffffff813b7169:	78 51                	js     0xffffffff813b71bc
ffffffff813b716b:	48 85 db             	test   %rbx,%rbx
ffffffff813b716e:	74 10                	je     0xffffffff813b7180
ffffffff813b7170:	48 8b 73 78          	mov    0x78(%rbx),%rsi
ffffffff813b7174:	48 89 ef             	mov    %rbp,%rdi
ffffffff813b7177:	e8 d4 fc ff ff       	call   0xffffffff813b6e50   <vruntime_eligible>
ffffffff813b717c:	85 c0                	test   %eax,%eax
ffffffff813b717e:	75 69                	jne    0xffffffff813b71e9
ffffffff813b7180:	48 8b 5d 38          	mov    0x38(%rbp),%rbx
ffffffff813b7184:	48 85 db             	test   %rbx,%rbx
ffffffff813b7187:	74 33                	je     0xffffffff813b71bc
ffffffff813b7189:	4c 8b 63 10          	mov    0x10(%rbx),%r12
ffffffff813b718d:	4d 85 e4             	test   %r12,%r12
ffffffff813b7190:	74 11                	je     0xffffffff813b71a3
ffffffff813b7192:	49 8b 74 24 20       	mov    0x20(%r12),%rsi
ffffffff813b7197:	48 89 ef             	mov    %rbp,%rdi
ffffffff813b719a:	e8 b1 fc ff ff       	call   0xffffffff813b6e50   <vruntime_eligible>
ffffffff813b719f:	85 c0                	test   %eax,%eax
ffffffff813b71a1:	75 3b                	jne    0xffffffff813b71de
ffffffff813b71a3:	48 8b 73 68          	mov    0x68(%rbx),%rsi
ffffffff813b71a7:	48 89 ef             	mov    %rbp,%rdi
ffffffff813b71aa:	e8 a1 fc ff ff       	call   0xffffffff813b6e50   <vruntime_eligible>
ffffffff813b71af:	85 c0                	test   %eax,%eax
ffffffff813b71b1:	75 30                	jne    0xffffffff813b71e3
ffffffff813b71b3:	48 8b 5b 08          	mov    0x8(%rbx),%rbx
ffffffff813b71b7:	48 85 db             	test   %rbx,%rbx
ffffffff813b71ba:	75 cd                	jne    0xffffffff813b7189
ffffffff813b71bc:	48 83 c4 08          	add    $0x8,%rsp
ffffffff813b71c0:	4c 89 e8             	mov    %r13,%rax
ffffffff813b71c3:	5b                   	pop    %rbx
ffffffff813b71c4:	5d                   	pop    %rbp
ffffffff813b71c5:	41 5c                	pop    %r12
ffffffff813b71c7:	41 5d                	pop    %r13
ffffffff813b71c9:	31 d2                	xor    %edx,%edx
ffffffff813b71cb:	31 f6                	xor    %esi,%esi
ffffffff813b71cd:	31 ff                	xor    %edi,%edi
ffffffff813b71cf:	e9 37 cf d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813b71d4:	45 31 ed             	xor    %r13d,%r13d
ffffffff813b71d7:	48 85 db             	test   %rbx,%rbx
ffffffff813b71da:	75 94                	jne    0xffffffff813b7170
ffffffff813b71dc:	eb a2                	jmp    0xffffffff813b7180
ffffffff813b71de:	4c 89 e3             	mov    %r12,%rbx
ffffffff813b71e1:	eb a6                	jmp    0xffffffff813b7189
ffffffff813b71e3:	48 83 eb 10          	sub    $0x10,%rbx
ffffffff813b71e7:	74 d3                	je     0xffffffff813b71bc
ffffffff813b71e9:	4d 85 ed             	test   %r13,%r13
ffffffff813b71ec:	74 60                	je     0xffffffff813b724e
ffffffff813b71ee:	48 8b 43 28          	mov    0x28(%rbx),%rax
ffffffff813b71f2:	49 39 45 28          	cmp    %rax,0x28(%r13)
ffffffff813b71f6:	4c 0f 49 eb          	cmovns %rbx,%r13
ffffffff813b71fa:	48 83 c4 08          	add    $0x8,%rsp
ffffffff813b71fe:	5b                   	pop    %rbx
ffffffff813b71ff:	5d                   	pop    %rbp
ffffffff813b7200:	4c 89 e8             	mov    %r13,%rax
ffffffff813b7203:	41 5c                	pop    %r12
ffffffff813b7205:	41 5d                	pop    %r13
ffffffff813b7207:	31 d2                	xor    %edx,%edx
ffffffff813b7209:	31 f6                	xor    %esi,%esi
ffffffff813b720b:	31 ff                	xor    %edi,%edi
ffffffff813b720d:	e9 f9 ce d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813b7212:	4d 85 ed             	test   %r13,%r13
ffffffff813b7215:	74 37                	je     0xffffffff813b724e
ffffffff813b7217:	41 80 7d 58 00       	cmpb   $0x0,0x58(%r13)
ffffffff813b721c:	4c 0f 44 eb          	cmove  %rbx,%r13
ffffffff813b7220:	48 83 c4 08          	add    $0x8,%rsp
ffffffff813b7224:	5b                   	pop    %rbx
ffffffff813b7225:	5d                   	pop    %rbp
ffffffff813b7226:	4c 89 e8             	mov    %r13,%rax
ffffffff813b7229:	41 5c                	pop    %r12
ffffffff813b722b:	41 5d                	pop    %r13
ffffffff813b722d:	31 d2                	xor    %edx,%edx
ffffffff813b722f:	31 f6                	xor    %esi,%esi
ffffffff813b7231:	31 ff                	xor    %edi,%edi
ffffffff813b7233:	e9 d3 ce d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813b7238:	4c 8b 2c 24          	mov    (%rsp),%r13
ffffffff813b723c:	41 80 7d 59 00       	cmpb   $0x0,0x59(%r13)
ffffffff813b7241:	0f 84 75 ff ff ff    	je     0xffffffff813b71bc
ffffffff813b7247:	0f 0b                	ud2
ffffffff813b7249:	e9 6e ff ff ff       	jmp    0xffffffff813b71bc
ffffffff813b724e:	48 83 c4 08          	add    $0x8,%rsp
ffffffff813b7252:	49 89 dd             	mov    %rbx,%r13
ffffffff813b7255:	4c 89 e8             	mov    %r13,%rax
ffffffff813b7258:	5b                   	pop    %rbx
ffffffff813b7259:	5d                   	pop    %rbp
ffffffff813b725a:	41 5c                	pop    %r12
ffffffff813b725c:	41 5d                	pop    %r13
ffffffff813b725e:	31 d2                	xor    %edx,%edx
ffffffff813b7260:	31 f6                	xor    %esi,%esi
ffffffff813b7262:	31 ff                	xor    %edi,%edi
ffffffff813b7264:	e9 a2 ce d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813b7269:	0f 1f 80 00 00 00 00 	nopl   0x0(%rax)
ffffffff813b7270:	90                   	nop
ffffffff813b7271:	90                   	nop
ffffffff813b7272:	90                   	nop
ffffffff813b7273:	90                   	nop
ffffffff813b7274:	90                   	nop
ffffffff813b7275:	90                   	nop
ffffffff813b7276:	90                   	nop
ffffffff813b7277:	90                   	nop
ffffffff813b7278:	90                   	nop
ffffffff813b7279:	90                   	nop
ffffffff813b727a:	90                   	nop
ffffffff813b727b:	90                   	nop
ffffffff813b727c:	90                   	nop
ffffffff813b727d:	90                   	nop
ffffffff813b727e:	90                   	nop
ffffffff813b727f:	90                   	nop
