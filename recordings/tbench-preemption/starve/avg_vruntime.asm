# avg_vruntime at 0xffffffff813bff90, 6.18.44-fc-v1300, read 2026-12-07T22:04:59Z
ffffffff813bff90:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813bff95:	48 8b 4f 28          	mov    0x28(%rdi),%rcx
ffffffff813bff99:	4c 8b 47 20          	mov    0x20(%rdi),%r8
ffffffff813bff9d:	4c 8b 4f 48          	mov    0x48(%rdi),%r9
ffffffff813bffa1:	48 8b 77 30          	mov    0x30(%rdi),%rsi
ffffffff813bffa5:	48 89 ca             	mov    %rcx,%rdx
ffffffff813bffa8:	4c 89 c0             	mov    %r8,%rax
ffffffff813bffab:	4d 85 c9             	test   %r9,%r9
ffffffff813bffae:	74 07                	je     0xffffffff813bffb7
ffffffff813bffb0:	41 80 79 58 00       	cmpb   $0x0,0x58(%r9)
ffffffff813bffb5:	75 46                	jne    0xffffffff813bfffd
ffffffff813bffb7:	48 85 c9             	test   %rcx,%rcx
ffffffff813bffba:	74 20                	je     0xffffffff813bffdc
ffffffff813bffbc:	4c 8d 48 01          	lea    0x1(%rax),%r9
ffffffff813bffc0:	49 29 d1             	sub    %rdx,%r9
ffffffff813bffc3:	48 85 c0             	test   %rax,%rax
ffffffff813bffc6:	49 0f 48 c1          	cmovs  %r9,%rax
ffffffff813bffca:	4c 63 ca             	movslq %edx,%r9
ffffffff813bffcd:	48 99                	cqto
ffffffff813bffcf:	49 f7 f9             	idiv   %r9
ffffffff813bffd2:	48 0f af c8          	imul   %rax,%rcx
ffffffff813bffd6:	48 01 c6             	add    %rax,%rsi
ffffffff813bffd9:	49 29 c8             	sub    %rcx,%r8
ffffffff813bffdc:	4c 89 47 20          	mov    %r8,0x20(%rdi)
ffffffff813bffe0:	48 89 f0             	mov    %rsi,%rax
ffffffff813bffe3:	48 89 77 30          	mov    %rsi,0x30(%rdi)
ffffffff813bffe7:	31 d2                	xor    %edx,%edx
ffffffff813bffe9:	31 c9                	xor    %ecx,%ecx
ffffffff813bffeb:	31 f6                	xor    %esi,%esi
ffffffff813bffed:	31 ff                	xor    %edi,%edi
ffffffff813bffef:	45 31 c0             	xor    %r8d,%r8d
ffffffff813bfff2:	45 31 c9             	xor    %r9d,%r9d
ffffffff813bfff5:	45 31 d2             	xor    %r10d,%r10d
ffffffff813bfff8:	e9 0e 41 d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813bfffd:	49 8b 41 78          	mov    0x78(%r9),%rax
ffffffff813c0001:	48 85 c9             	test   %rcx,%rcx
ffffffff813c0004:	74 2b                	je     0xffffffff813c0031
ffffffff813c0006:	48 29 f0             	sub    %rsi,%rax
ffffffff813c0009:	49 89 c2             	mov    %rax,%r10
ffffffff813c000c:	49 8b 01             	mov    (%r9),%rax
ffffffff813c000f:	48 85 c0             	test   %rax,%rax
ffffffff813c0012:	74 14                	je     0xffffffff813c0028
ffffffff813c0014:	ba 02 00 00 00       	mov    $0x2,%edx
ffffffff813c0019:	48 c1 e8 0a          	shr    $0xa,%rax
ffffffff813c001d:	48 39 d0             	cmp    %rdx,%rax
ffffffff813c0020:	48 0f 42 c2          	cmovb  %rdx,%rax
ffffffff813c0024:	48 8d 14 01          	lea    (%rcx,%rax,1),%rdx
ffffffff813c0028:	49 0f af c2          	imul   %r10,%rax
ffffffff813c002c:	4c 01 c0             	add    %r8,%rax
ffffffff813c002f:	eb 8b                	jmp    0xffffffff813bffbc
ffffffff813c0031:	48 89 c6             	mov    %rax,%rsi
ffffffff813c0034:	4c 89 47 20          	mov    %r8,0x20(%rdi)
ffffffff813c0038:	48 89 77 30          	mov    %rsi,0x30(%rdi)
ffffffff813c003c:	48 89 f0             	mov    %rsi,%rax
ffffffff813c003f:	31 d2                	xor    %edx,%edx
ffffffff813c0041:	31 c9                	xor    %ecx,%ecx
ffffffff813c0043:	31 f6                	xor    %esi,%esi
ffffffff813c0045:	31 ff                	xor    %edi,%edi
ffffffff813c0047:	45 31 c0             	xor    %r8d,%r8d
ffffffff813c004a:	45 31 c9             	xor    %r9d,%r9d
ffffffff813c004d:	45 31 d2             	xor    %r10d,%r10d
ffffffff813c0050:	e9 b6 40 d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c0055:	66 66 2e 0f 1f 84 00 	data16 cs nopw 0x0(%rax,%rax,1)
ffffffff813c005c:	00 00 00 00 
ffffffff813c0060:	90                   	nop
ffffffff813c0061:	90                   	nop
ffffffff813c0062:	90                   	nop
ffffffff813c0063:	90                   	nop
ffffffff813c0064:	90                   	nop
ffffffff813c0065:	90                   	nop
ffffffff813c0066:	90                   	nop
ffffffff813c0067:	90                   	nop
ffffffff813c0068:	90                   	nop
ffffffff813c0069:	90                   	nop
ffffffff813c006a:	90                   	nop
ffffffff813c006b:	90                   	nop
ffffffff813c006c:	90                   	nop
ffffffff813c006d:	90                   	nop
ffffffff813c006e:	90                   	nop
ffffffff813c006f:	90                   	nop
