# vcpu_pack_room at 0xffffffff813b7110, 6.18.44-fc-v1147, read 2026-12-03T21:25:51Z
ffffffff813b7110:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813b7115:	41 57                	push   %r15
ffffffff813b7117:	4c 63 fe             	movslq %esi,%r15
ffffffff813b711a:	31 d2                	xor    %edx,%edx
ffffffff813b711c:	31 f6                	xor    %esi,%esi
ffffffff813b711e:	41 56                	push   %r14
ffffffff813b7120:	49 c7 c6 c0 0c b2 83 	mov    $0xffffffff83b20cc0,%r14
ffffffff813b7127:	41 55                	push   %r13
ffffffff813b7129:	4d 89 f5             	mov    %r14,%r13
ffffffff813b712c:	41 54                	push   %r12
ffffffff813b712e:	55                   	push   %rbp
ffffffff813b712f:	4c 89 fd             	mov    %r15,%rbp
ffffffff813b7132:	53                   	push   %rbx
ffffffff813b7133:	48 89 fb             	mov    %rdi,%rbx
ffffffff813b7136:	44 89 ff             	mov    %r15d,%edi
ffffffff813b7139:	4e 8b 24 fd 80 c0 86 	mov    -0x7d793f80(,%r15,8),%r12
ffffffff813b7140:	82 
ffffffff813b7141:	e8 1a fb ff ff       	call   0xffffffff813b6c60   <cpu_util.constprop.0>
ffffffff813b7146:	31 f6                	xor    %esi,%esi
ffffffff813b7148:	48 89 c1             	mov    %rax,%rcx
ffffffff813b714b:	8b 43 68             	mov    0x68(%rbx),%eax
ffffffff813b714e:	83 f8 01             	cmp    $0x1,%eax
ffffffff813b7151:	75 0c                	jne    0xffffffff813b715f
ffffffff813b7153:	8b 43 14             	mov    0x14(%rbx),%eax
ffffffff813b7156:	31 f6                	xor    %esi,%esi
ffffffff813b7158:	41 39 c7             	cmp    %eax,%r15d
ffffffff813b715b:	40 0f 94 c6          	sete   %sil
ffffffff813b715f:	48 8b 83 20 03 00 00 	mov    0x320(%rbx),%rax
ffffffff813b7166:	89 ea                	mov    %ebp,%edx
ffffffff813b7168:	48 0f a3 10          	bt     %rdx,(%rax)
ffffffff813b716c:	0f 92 c2             	setb   %dl
ffffffff813b716f:	73 61                	jae    0xffffffff813b71d2
ffffffff813b7171:	4b 8d 04 2c          	lea    (%r12,%r13,1),%rax
ffffffff813b7175:	31 d2                	xor    %edx,%edx
ffffffff813b7177:	8b 78 68             	mov    0x68(%rax),%edi
ffffffff813b717a:	85 ff                	test   %edi,%edi
ffffffff813b717c:	75 54                	jne    0xffffffff813b71d2
ffffffff813b717e:	8b 78 04             	mov    0x4(%rax),%edi
ffffffff813b7181:	3b b8 94 00 00 00    	cmp    0x94(%rax),%edi
ffffffff813b7187:	75 49                	jne    0xffffffff813b71d2
ffffffff813b7189:	83 c6 01             	add    $0x1,%esi
ffffffff813b718c:	3b b0 98 00 00 00    	cmp    0x98(%rax),%esi
ffffffff813b7192:	72 3e                	jb     0xffffffff813b71d2
ffffffff813b7194:	8b 43 14             	mov    0x14(%rbx),%eax
ffffffff813b7197:	39 c5                	cmp    %eax,%ebp
ffffffff813b7199:	74 1c                	je     0xffffffff813b71b7
ffffffff813b719b:	48 8b 93 70 01 00 00 	mov    0x170(%rbx),%rdx
ffffffff813b71a2:	8b 83 78 01 00 00    	mov    0x178(%rbx),%eax
ffffffff813b71a8:	25 ff ff ff 7f       	and    $0x7fffffff,%eax
ffffffff813b71ad:	48 39 d0             	cmp    %rdx,%rax
ffffffff813b71b0:	48 0f 42 c2          	cmovb  %rdx,%rax
ffffffff813b71b4:	48 01 c1             	add    %rax,%rcx
ffffffff813b71b7:	4a 8b 14 fd 80 c0 86 	mov    -0x7d793f80(,%r15,8),%rdx
ffffffff813b71be:	82 
ffffffff813b71bf:	48 6b c1 64          	imul   $0x64,%rcx,%rax
ffffffff813b71c3:	49 6b 94 16 50 0b 00 	imul   $0x46,0xb50(%r14,%rdx,1),%rdx
ffffffff813b71ca:	00 46 
ffffffff813b71cc:	48 39 d0             	cmp    %rdx,%rax
ffffffff813b71cf:	0f 92 c2             	setb   %dl
ffffffff813b71d2:	5b                   	pop    %rbx
ffffffff813b71d3:	89 d0                	mov    %edx,%eax
ffffffff813b71d5:	5d                   	pop    %rbp
ffffffff813b71d6:	41 5c                	pop    %r12
ffffffff813b71d8:	41 5d                	pop    %r13
ffffffff813b71da:	41 5e                	pop    %r14
ffffffff813b71dc:	41 5f                	pop    %r15
ffffffff813b71de:	31 d2                	xor    %edx,%edx
ffffffff813b71e0:	31 c9                	xor    %ecx,%ecx
ffffffff813b71e2:	31 f6                	xor    %esi,%esi
ffffffff813b71e4:	31 ff                	xor    %edi,%edi
ffffffff813b71e6:	e9 20 cf d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813b71eb:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
