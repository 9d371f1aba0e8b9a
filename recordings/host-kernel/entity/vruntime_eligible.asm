# vruntime_eligible at 0xffffffff813b6e50, 6.18.44-fc-v1300, read 2026-12-07T17:03:59Z
ffffffff813b6e50:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813b6e55:	48 8b 47 48          	mov    0x48(%rdi),%rax
ffffffff813b6e59:	48 8b 57 20          	mov    0x20(%rdi),%rdx
ffffffff813b6e5d:	48 8b 4f 28          	mov    0x28(%rdi),%rcx
ffffffff813b6e61:	48 8b 7f 30          	mov    0x30(%rdi),%rdi
ffffffff813b6e65:	48 85 c0             	test   %rax,%rax
ffffffff813b6e68:	74 30                	je     0xffffffff813b6e9a
ffffffff813b6e6a:	80 78 58 00          	cmpb   $0x0,0x58(%rax)
ffffffff813b6e6e:	74 2a                	je     0xffffffff813b6e9a
ffffffff813b6e70:	4c 8b 00             	mov    (%rax),%r8
ffffffff813b6e73:	4d 85 c0             	test   %r8,%r8
ffffffff813b6e76:	74 14                	je     0xffffffff813b6e8c
ffffffff813b6e78:	49 c1 e8 0a          	shr    $0xa,%r8
ffffffff813b6e7c:	41 b9 02 00 00 00    	mov    $0x2,%r9d
ffffffff813b6e82:	4d 39 c8             	cmp    %r9,%r8
ffffffff813b6e85:	4d 0f 42 c1          	cmovb  %r9,%r8
ffffffff813b6e89:	4c 01 c1             	add    %r8,%rcx
ffffffff813b6e8c:	48 8b 40 78          	mov    0x78(%rax),%rax
ffffffff813b6e90:	48 29 f8             	sub    %rdi,%rax
ffffffff813b6e93:	49 0f af c0          	imul   %r8,%rax
ffffffff813b6e97:	48 01 c2             	add    %rax,%rdx
ffffffff813b6e9a:	48 29 fe             	sub    %rdi,%rsi
ffffffff813b6e9d:	31 c0                	xor    %eax,%eax
ffffffff813b6e9f:	48 0f af f1          	imul   %rcx,%rsi
ffffffff813b6ea3:	48 39 d6             	cmp    %rdx,%rsi
ffffffff813b6ea6:	0f 9e c0             	setle  %al
ffffffff813b6ea9:	31 d2                	xor    %edx,%edx
ffffffff813b6eab:	31 c9                	xor    %ecx,%ecx
ffffffff813b6ead:	31 f6                	xor    %esi,%esi
ffffffff813b6eaf:	31 ff                	xor    %edi,%edi
ffffffff813b6eb1:	45 31 c0             	xor    %r8d,%r8d
ffffffff813b6eb4:	45 31 c9             	xor    %r9d,%r9d
ffffffff813b6eb7:	e9 4f d2 d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813b6ebc:	0f 1f 40 00          	nopl   0x0(%rax)
ffffffff813b6ec0:	90                   	nop
ffffffff813b6ec1:	90                   	nop
ffffffff813b6ec2:	90                   	nop
ffffffff813b6ec3:	90                   	nop
ffffffff813b6ec4:	90                   	nop
ffffffff813b6ec5:	90                   	nop
ffffffff813b6ec6:	90                   	nop
ffffffff813b6ec7:	90                   	nop
ffffffff813b6ec8:	90                   	nop
ffffffff813b6ec9:	90                   	nop
ffffffff813b6eca:	90                   	nop
ffffffff813b6ecb:	90                   	nop
ffffffff813b6ecc:	90                   	nop
ffffffff813b6ecd:	90                   	nop
ffffffff813b6ece:	90                   	nop
ffffffff813b6ecf:	90                   	nop
