# update_deadline at 0xffffffff813c0070, 6.18.44-fc-v1300, read 2026-12-07T17:03:56Z
ffffffff813c0070:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c0075:	48 8b 56 78          	mov    0x78(%rsi),%rdx
ffffffff813c0079:	48 3b 56 28          	cmp    0x28(%rsi),%rdx
ffffffff813c007d:	78 51                	js     0xffffffff813c00d0
ffffffff813c007f:	48 83 ec 18          	sub    $0x18,%rsp
ffffffff813c0083:	80 7e 5b 00          	cmpb   $0x0,0x5b(%rsi)
ffffffff813c0087:	74 38                	je     0xffffffff813c00c1
ffffffff813c0089:	48 8b 86 88 00 00 00 	mov    0x88(%rsi),%rax
ffffffff813c0090:	48 89 f9             	mov    %rdi,%rcx
ffffffff813c0093:	48 81 3e 00 00 10 00 	cmpq   $0x100000,(%rsi)
ffffffff813c009a:	75 43                	jne    0xffffffff813c00df
ffffffff813c009c:	48 01 c2             	add    %rax,%rdx
ffffffff813c009f:	48 89 cf             	mov    %rcx,%rdi
ffffffff813c00a2:	48 89 56 28          	mov    %rdx,0x28(%rsi)
ffffffff813c00a6:	e8 e5 fe ff ff       	call   0xffffffff813bff90   <avg_vruntime>
ffffffff813c00ab:	b8 01 00 00 00       	mov    $0x1,%eax
ffffffff813c00b0:	48 83 c4 18          	add    $0x18,%rsp
ffffffff813c00b4:	31 d2                	xor    %edx,%edx
ffffffff813c00b6:	31 c9                	xor    %ecx,%ecx
ffffffff813c00b8:	31 f6                	xor    %esi,%esi
ffffffff813c00ba:	31 ff                	xor    %edi,%edi
ffffffff813c00bc:	e9 4a 40 d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c00c1:	8b 05 39 c2 ab 01    	mov    0x1abc239(%rip),%eax        # 0xffffffff82e7c300
ffffffff813c00c7:	48 89 86 88 00 00 00 	mov    %rax,0x88(%rsi)
ffffffff813c00ce:	eb c0                	jmp    0xffffffff813c0090
ffffffff813c00d0:	31 c0                	xor    %eax,%eax
ffffffff813c00d2:	31 d2                	xor    %edx,%edx
ffffffff813c00d4:	31 c9                	xor    %ecx,%ecx
ffffffff813c00d6:	31 f6                	xor    %esi,%esi
ffffffff813c00d8:	31 ff                	xor    %edi,%edi
ffffffff813c00da:	e9 2c 40 d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c00df:	48 89 7c 24 10       	mov    %rdi,0x10(%rsp)
ffffffff813c00e4:	48 89 c7             	mov    %rax,%rdi
ffffffff813c00e7:	48 89 54 24 08       	mov    %rdx,0x8(%rsp)
ffffffff813c00ec:	48 89 34 24          	mov    %rsi,(%rsp)
ffffffff813c00f0:	e8 9b 79 ff ff       	call   0xffffffff813b7a90   <__calc_delta.constprop.0>
ffffffff813c00f5:	48 8b 4c 24 10       	mov    0x10(%rsp),%rcx
ffffffff813c00fa:	48 8b 54 24 08       	mov    0x8(%rsp),%rdx
ffffffff813c00ff:	48 8b 34 24          	mov    (%rsp),%rsi
ffffffff813c0103:	eb 97                	jmp    0xffffffff813c009c
ffffffff813c0105:	66 66 2e 0f 1f 84 00 	data16 cs nopw 0x0(%rax,%rax,1)
ffffffff813c010c:	00 00 00 00 
