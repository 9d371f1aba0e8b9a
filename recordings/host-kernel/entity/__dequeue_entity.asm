# __dequeue_entity at 0xffffffff813b9aa0, 6.18.44-fc-v1300, read 2026-12-07T17:04:05Z
ffffffff813b9aa0:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813b9aa5:	41 57                	push   %r15
ffffffff813b9aa7:	41 56                	push   %r14
ffffffff813b9aa9:	41 55                	push   %r13
ffffffff813b9aab:	41 54                	push   %r12
ffffffff813b9aad:	4c 8d 66 10          	lea    0x10(%rsi),%r12
ffffffff813b9ab1:	55                   	push   %rbp
ffffffff813b9ab2:	48 89 f5             	mov    %rsi,%rbp
ffffffff813b9ab5:	53                   	push   %rbx
ffffffff813b9ab6:	48 89 fb             	mov    %rdi,%rbx
ffffffff813b9ab9:	48 83 ec 08          	sub    $0x8,%rsp
ffffffff813b9abd:	4c 3b 67 40          	cmp    0x40(%rdi),%r12
ffffffff813b9ac1:	0f 84 db 04 00 00    	je     0xffffffff813b9fa2
ffffffff813b9ac7:	48 8b 7d 20          	mov    0x20(%rbp),%rdi
ffffffff813b9acb:	48 8b 45 18          	mov    0x18(%rbp),%rax
ffffffff813b9acf:	48 85 ff             	test   %rdi,%rdi
ffffffff813b9ad2:	0f 84 e7 04 00 00    	je     0xffffffff813b9fbf
ffffffff813b9ad8:	48 85 c0             	test   %rax,%rax
ffffffff813b9adb:	0f 84 16 05 00 00    	je     0xffffffff813b9ff7
ffffffff813b9ae1:	48 8b 70 10          	mov    0x10(%rax),%rsi
ffffffff813b9ae5:	48 89 c1             	mov    %rax,%rcx
ffffffff813b9ae8:	48 85 f6             	test   %rsi,%rsi
ffffffff813b9aeb:	75 19                	jne    0xffffffff813b9b06
ffffffff813b9aed:	e9 9c 04 00 00       	jmp    0xffffffff813b9f8e
ffffffff813b9af2:	0f 1f 00             	nopl   (%rax)
ffffffff813b9af5:	66 66 2e 0f 1f 84 00 	data16 cs nopw 0x0(%rax,%rax,1)
ffffffff813b9afc:	00 00 00 00 
ffffffff813b9b00:	48 89 f1             	mov    %rsi,%rcx
ffffffff813b9b03:	48 89 d6             	mov    %rdx,%rsi
ffffffff813b9b06:	48 8b 56 10          	mov    0x10(%rsi),%rdx
ffffffff813b9b0a:	48 85 d2             	test   %rdx,%rdx
ffffffff813b9b0d:	75 f1                	jne    0xffffffff813b9b00
ffffffff813b9b0f:	48 8b 7e 08          	mov    0x8(%rsi),%rdi
ffffffff813b9b13:	48 89 79 10          	mov    %rdi,0x10(%rcx)
ffffffff813b9b17:	48 89 46 08          	mov    %rax,0x8(%rsi)
ffffffff813b9b1b:	48 8b 10             	mov    (%rax),%rdx
ffffffff813b9b1e:	83 e2 01             	and    $0x1,%edx
ffffffff813b9b21:	48 01 f2             	add    %rsi,%rdx
ffffffff813b9b24:	48 89 10             	mov    %rdx,(%rax)
ffffffff813b9b27:	48 8b 45 30          	mov    0x30(%rbp),%rax
ffffffff813b9b2b:	48 89 46 20          	mov    %rax,0x20(%rsi)
ffffffff813b9b2f:	48 39 ce             	cmp    %rcx,%rsi
ffffffff813b9b32:	0f 84 1c 05 00 00    	je     0xffffffff813ba054
ffffffff813b9b38:	48 89 2c 24          	mov    %rbp,(%rsp)
ffffffff813b9b3c:	49 89 df             	mov    %rbx,%r15
ffffffff813b9b3f:	48 89 c8             	mov    %rcx,%rax
ffffffff813b9b42:	48 89 fb             	mov    %rdi,%rbx
ffffffff813b9b45:	4d 89 e6             	mov    %r12,%r14
ffffffff813b9b48:	48 89 f7             	mov    %rsi,%rdi
ffffffff813b9b4b:	48 89 cd             	mov    %rcx,%rbp
ffffffff813b9b4e:	eb 13                	jmp    0xffffffff813b9b63
ffffffff813b9b50:	48 8b 10             	mov    (%rax),%rdx
ffffffff813b9b53:	48 83 e2 fc          	and    $0xfffffffffffffffc,%rdx
ffffffff813b9b57:	48 89 d0             	mov    %rdx,%rax
ffffffff813b9b5a:	48 39 d7             	cmp    %rdx,%rdi
ffffffff813b9b5d:	0f 84 89 01 00 00    	je     0xffffffff813b9cec
ffffffff813b9b63:	4c 8b 58 68          	mov    0x68(%rax),%r11
ffffffff813b9b67:	4c 8b 48 08          	mov    0x8(%rax),%r9
ffffffff813b9b6b:	4c 8b 60 20          	mov    0x20(%rax),%r12
ffffffff813b9b6f:	48 8b 70 28          	mov    0x28(%rax),%rsi
ffffffff813b9b73:	48 8b 48 30          	mov    0x30(%rax),%rcx
ffffffff813b9b77:	4c 8b 50 10          	mov    0x10(%rax),%r10
ffffffff813b9b7b:	4c 89 58 20          	mov    %r11,0x20(%rax)
ffffffff813b9b7f:	4c 89 da             	mov    %r11,%rdx
ffffffff813b9b82:	4c 8b 40 78          	mov    0x78(%rax),%r8
ffffffff813b9b86:	4d 85 c9             	test   %r9,%r9
ffffffff813b9b89:	0f 84 b4 00 00 00    	je     0xffffffff813b9c43
ffffffff813b9b8f:	4d 8b 59 20          	mov    0x20(%r9),%r11
ffffffff813b9b93:	49 89 d5             	mov    %rdx,%r13
ffffffff813b9b96:	4d 29 dd             	sub    %r11,%r13
ffffffff813b9b99:	4d 85 ed             	test   %r13,%r13
ffffffff813b9b9c:	49 0f 4f d3          	cmovg  %r11,%rdx
ffffffff813b9ba0:	48 89 50 20          	mov    %rdx,0x20(%rax)
ffffffff813b9ba4:	4d 85 d2             	test   %r10,%r10
ffffffff813b9ba7:	0f 84 ea 00 00 00    	je     0xffffffff813b9c97
ffffffff813b9bad:	4d 8b 5a 20          	mov    0x20(%r10),%r11
ffffffff813b9bb1:	4c 29 da             	sub    %r11,%rdx
ffffffff813b9bb4:	48 85 d2             	test   %rdx,%rdx
ffffffff813b9bb7:	7e 04                	jle    0xffffffff813b9bbd
ffffffff813b9bb9:	4c 89 58 20          	mov    %r11,0x20(%rax)
ffffffff813b9bbd:	4c 89 40 28          	mov    %r8,0x28(%rax)
ffffffff813b9bc1:	49 8b 51 28          	mov    0x28(%r9),%rdx
ffffffff813b9bc5:	4c 39 c2             	cmp    %r8,%rdx
ffffffff813b9bc8:	0f 83 a6 00 00 00    	jae    0xffffffff813b9c74
ffffffff813b9bce:	48 89 50 28          	mov    %rdx,0x28(%rax)
ffffffff813b9bd2:	4d 8b 5a 28          	mov    0x28(%r10),%r11
ffffffff813b9bd6:	49 39 d3             	cmp    %rdx,%r11
ffffffff813b9bd9:	0f 83 a2 00 00 00    	jae    0xffffffff813b9c81
ffffffff813b9bdf:	4c 89 58 28          	mov    %r11,0x28(%rax)
ffffffff813b9be3:	4c 89 40 30          	mov    %r8,0x30(%rax)
ffffffff813b9be7:	49 8b 51 30          	mov    0x30(%r9),%rdx
ffffffff813b9beb:	49 39 d0             	cmp    %rdx,%r8
ffffffff813b9bee:	73 07                	jae    0xffffffff813b9bf7
ffffffff813b9bf0:	48 89 50 30          	mov    %rdx,0x30(%rax)
ffffffff813b9bf4:	49 89 d0             	mov    %rdx,%r8
ffffffff813b9bf7:	4c 8b 58 20          	mov    0x20(%rax),%r11
ffffffff813b9bfb:	49 8b 52 30          	mov    0x30(%r10),%rdx
ffffffff813b9bff:	49 39 d0             	cmp    %rdx,%r8
ffffffff813b9c02:	73 04                	jae    0xffffffff813b9c08
ffffffff813b9c04:	48 89 50 30          	mov    %rdx,0x30(%rax)
ffffffff813b9c08:	4c 89 da             	mov    %r11,%rdx
ffffffff813b9c0b:	49 39 d4             	cmp    %rdx,%r12
ffffffff813b9c0e:	0f 85 3c ff ff ff    	jne    0xffffffff813b9b50
ffffffff813b9c14:	48 3b 70 28          	cmp    0x28(%rax),%rsi
ffffffff813b9c18:	0f 85 32 ff ff ff    	jne    0xffffffff813b9b50
ffffffff813b9c1e:	48 3b 48 30          	cmp    0x30(%rax),%rcx
ffffffff813b9c22:	0f 85 28 ff ff ff    	jne    0xffffffff813b9b50
ffffffff813b9c28:	48 89 f8             	mov    %rdi,%rax
ffffffff813b9c2b:	48 89 e9             	mov    %rbp,%rcx
ffffffff813b9c2e:	48 89 df             	mov    %rbx,%rdi
ffffffff813b9c31:	48 8b 2c 24          	mov    (%rsp),%rbp
ffffffff813b9c35:	4d 89 f4             	mov    %r14,%r12
ffffffff813b9c38:	4c 89 fb             	mov    %r15,%rbx
ffffffff813b9c3b:	48 89 c2             	mov    %rax,%rdx
ffffffff813b9c3e:	e9 b9 00 00 00       	jmp    0xffffffff813b9cfc
ffffffff813b9c43:	4d 85 d2             	test   %r10,%r10
ffffffff813b9c46:	0f 84 93 00 00 00    	je     0xffffffff813b9cdf
ffffffff813b9c4c:	49 8b 52 20          	mov    0x20(%r10),%rdx
ffffffff813b9c50:	4d 89 d9             	mov    %r11,%r9
ffffffff813b9c53:	49 29 d1             	sub    %rdx,%r9
ffffffff813b9c56:	4d 85 c9             	test   %r9,%r9
ffffffff813b9c59:	7f 67                	jg     0xffffffff813b9cc2
ffffffff813b9c5b:	4c 89 40 28          	mov    %r8,0x28(%rax)
ffffffff813b9c5f:	49 8b 52 28          	mov    0x28(%r10),%rdx
ffffffff813b9c63:	4c 39 c2             	cmp    %r8,%rdx
ffffffff813b9c66:	49 0f 47 d0          	cmova  %r8,%rdx
ffffffff813b9c6a:	48 89 50 28          	mov    %rdx,0x28(%rax)
ffffffff813b9c6e:	4c 89 40 30          	mov    %r8,0x30(%rax)
ffffffff813b9c72:	eb 87                	jmp    0xffffffff813b9bfb
ffffffff813b9c74:	4d 8b 5a 28          	mov    0x28(%r10),%r11
ffffffff813b9c78:	4d 39 c3             	cmp    %r8,%r11
ffffffff813b9c7b:	0f 82 5e ff ff ff    	jb     0xffffffff813b9bdf
ffffffff813b9c81:	4c 89 40 30          	mov    %r8,0x30(%rax)
ffffffff813b9c85:	49 8b 51 30          	mov    0x30(%r9),%rdx
ffffffff813b9c89:	49 39 d0             	cmp    %rdx,%r8
ffffffff813b9c8c:	0f 82 5e ff ff ff    	jb     0xffffffff813b9bf0
ffffffff813b9c92:	e9 60 ff ff ff       	jmp    0xffffffff813b9bf7
ffffffff813b9c97:	4c 89 40 28          	mov    %r8,0x28(%rax)
ffffffff813b9c9b:	4d 8b 51 28          	mov    0x28(%r9),%r10
ffffffff813b9c9f:	4c 89 40 30          	mov    %r8,0x30(%rax)
ffffffff813b9ca3:	4d 39 c2             	cmp    %r8,%r10
ffffffff813b9ca6:	4d 0f 47 d0          	cmova  %r8,%r10
ffffffff813b9caa:	4c 89 50 28          	mov    %r10,0x28(%rax)
ffffffff813b9cae:	4d 8b 49 30          	mov    0x30(%r9),%r9
ffffffff813b9cb2:	4d 39 c1             	cmp    %r8,%r9
ffffffff813b9cb5:	4d 0f 42 c8          	cmovb  %r8,%r9
ffffffff813b9cb9:	4c 89 48 30          	mov    %r9,0x30(%rax)
ffffffff813b9cbd:	e9 49 ff ff ff       	jmp    0xffffffff813b9c0b
ffffffff813b9cc2:	48 89 50 20          	mov    %rdx,0x20(%rax)
ffffffff813b9cc6:	49 89 d3             	mov    %rdx,%r11
ffffffff813b9cc9:	4c 89 40 28          	mov    %r8,0x28(%rax)
ffffffff813b9ccd:	4d 8b 4a 28          	mov    0x28(%r10),%r9
ffffffff813b9cd1:	4d 39 c1             	cmp    %r8,%r9
ffffffff813b9cd4:	73 98                	jae    0xffffffff813b9c6e
ffffffff813b9cd6:	4c 89 48 28          	mov    %r9,0x28(%rax)
ffffffff813b9cda:	49 89 d3             	mov    %rdx,%r11
ffffffff813b9cdd:	eb 8f                	jmp    0xffffffff813b9c6e
ffffffff813b9cdf:	4c 89 40 28          	mov    %r8,0x28(%rax)
ffffffff813b9ce3:	4c 89 40 30          	mov    %r8,0x30(%rax)
ffffffff813b9ce7:	e9 1f ff ff ff       	jmp    0xffffffff813b9c0b
ffffffff813b9cec:	48 89 e9             	mov    %rbp,%rcx
ffffffff813b9cef:	48 8b 2c 24          	mov    (%rsp),%rbp
ffffffff813b9cf3:	48 89 df             	mov    %rbx,%rdi
ffffffff813b9cf6:	4d 89 f4             	mov    %r14,%r12
ffffffff813b9cf9:	4c 89 fb             	mov    %r15,%rbx
ffffffff813b9cfc:	4c 8b 4d 20          	mov    0x20(%rbp),%r9
ffffffff813b9d00:	4c 89 48 10          	mov    %r9,0x10(%rax)
ffffffff813b9d04:	49 8b 31             	mov    (%r9),%rsi
ffffffff813b9d07:	83 e6 01             	and    $0x1,%esi
ffffffff813b9d0a:	48 01 f2             	add    %rsi,%rdx
ffffffff813b9d0d:	49 89 11             	mov    %rdx,(%r9)
ffffffff813b9d10:	48 8b 55 10          	mov    0x10(%rbp),%rdx
ffffffff813b9d14:	48 83 fa 03          	cmp    $0x3,%rdx
ffffffff813b9d18:	0f 86 67 02 00 00    	jbe    0xffffffff813b9f85
ffffffff813b9d1e:	48 89 d6             	mov    %rdx,%rsi
ffffffff813b9d21:	48 83 e6 fc          	and    $0xfffffffffffffffc,%rsi
ffffffff813b9d25:	4c 3b 66 10          	cmp    0x10(%rsi),%r12
ffffffff813b9d29:	0f 84 bf 02 00 00    	je     0xffffffff813b9fee
ffffffff813b9d2f:	48 89 46 08          	mov    %rax,0x8(%rsi)
ffffffff813b9d33:	48 85 ff             	test   %rdi,%rdi
ffffffff813b9d36:	0f 84 31 02 00 00    	je     0xffffffff813b9f6d
ffffffff813b9d3c:	48 83 c1 01          	add    $0x1,%rcx
ffffffff813b9d40:	48 89 0f             	mov    %rcx,(%rdi)
ffffffff813b9d43:	31 ff                	xor    %edi,%edi
ffffffff813b9d45:	48 8b 70 10          	mov    0x10(%rax),%rsi
ffffffff813b9d49:	48 89 10             	mov    %rdx,(%rax)
ffffffff813b9d4c:	eb 15                	jmp    0xffffffff813b9d63
ffffffff813b9d4e:	48 8b 00             	mov    (%rax),%rax
ffffffff813b9d51:	48 83 f8 03          	cmp    $0x3,%rax
ffffffff813b9d55:	0f 86 c9 00 00 00    	jbe    0xffffffff813b9e24
ffffffff813b9d5b:	48 83 e0 fc          	and    $0xfffffffffffffffc,%rax
ffffffff813b9d5f:	48 8b 70 10          	mov    0x10(%rax),%rsi
ffffffff813b9d63:	48 8b 50 68          	mov    0x68(%rax),%rdx
ffffffff813b9d67:	4c 8b 40 08          	mov    0x8(%rax),%r8
ffffffff813b9d6b:	4c 8b 50 20          	mov    0x20(%rax),%r10
ffffffff813b9d6f:	4c 8b 58 28          	mov    0x28(%rax),%r11
ffffffff813b9d73:	4c 8b 60 30          	mov    0x30(%rax),%r12
ffffffff813b9d77:	48 8b 48 78          	mov    0x78(%rax),%rcx
ffffffff813b9d7b:	48 89 50 20          	mov    %rdx,0x20(%rax)
ffffffff813b9d7f:	49 89 d1             	mov    %rdx,%r9
ffffffff813b9d82:	4d 85 c0             	test   %r8,%r8
ffffffff813b9d85:	0f 84 13 01 00 00    	je     0xffffffff813b9e9e
ffffffff813b9d8b:	4d 8b 48 20          	mov    0x20(%r8),%r9
ffffffff813b9d8f:	49 89 d5             	mov    %rdx,%r13
ffffffff813b9d92:	4d 29 cd             	sub    %r9,%r13
ffffffff813b9d95:	4d 85 ed             	test   %r13,%r13
ffffffff813b9d98:	7e 07                	jle    0xffffffff813b9da1
ffffffff813b9d9a:	4c 89 48 20          	mov    %r9,0x20(%rax)
ffffffff813b9d9e:	4c 89 ca             	mov    %r9,%rdx
ffffffff813b9da1:	48 85 f6             	test   %rsi,%rsi
ffffffff813b9da4:	0f 84 5c 01 00 00    	je     0xffffffff813b9f06
ffffffff813b9daa:	4c 8b 4e 20          	mov    0x20(%rsi),%r9
ffffffff813b9dae:	4c 29 ca             	sub    %r9,%rdx
ffffffff813b9db1:	48 85 d2             	test   %rdx,%rdx
ffffffff813b9db4:	7e 04                	jle    0xffffffff813b9dba
ffffffff813b9db6:	4c 89 48 20          	mov    %r9,0x20(%rax)
ffffffff813b9dba:	48 89 48 28          	mov    %rcx,0x28(%rax)
ffffffff813b9dbe:	49 8b 50 28          	mov    0x28(%r8),%rdx
ffffffff813b9dc2:	48 39 ca             	cmp    %rcx,%rdx
ffffffff813b9dc5:	0f 82 14 01 00 00    	jb     0xffffffff813b9edf
ffffffff813b9dcb:	4c 8b 4e 28          	mov    0x28(%rsi),%r9
ffffffff813b9dcf:	48 89 ca             	mov    %rcx,%rdx
ffffffff813b9dd2:	49 39 d1             	cmp    %rdx,%r9
ffffffff813b9dd5:	0f 83 15 01 00 00    	jae    0xffffffff813b9ef0
ffffffff813b9ddb:	4c 89 48 28          	mov    %r9,0x28(%rax)
ffffffff813b9ddf:	48 89 48 30          	mov    %rcx,0x30(%rax)
ffffffff813b9de3:	49 8b 50 30          	mov    0x30(%r8),%rdx
ffffffff813b9de7:	48 39 d1             	cmp    %rdx,%rcx
ffffffff813b9dea:	73 07                	jae    0xffffffff813b9df3
ffffffff813b9dec:	48 89 50 30          	mov    %rdx,0x30(%rax)
ffffffff813b9df0:	48 89 d1             	mov    %rdx,%rcx
ffffffff813b9df3:	4c 8b 48 20          	mov    0x20(%rax),%r9
ffffffff813b9df7:	48 8b 56 30          	mov    0x30(%rsi),%rdx
ffffffff813b9dfb:	48 39 d1             	cmp    %rdx,%rcx
ffffffff813b9dfe:	73 04                	jae    0xffffffff813b9e04
ffffffff813b9e00:	48 89 50 30          	mov    %rdx,0x30(%rax)
ffffffff813b9e04:	4c 89 ca             	mov    %r9,%rdx
ffffffff813b9e07:	4c 39 d2             	cmp    %r10,%rdx
ffffffff813b9e0a:	0f 85 3e ff ff ff    	jne    0xffffffff813b9d4e
ffffffff813b9e10:	4c 3b 58 28          	cmp    0x28(%rax),%r11
ffffffff813b9e14:	0f 85 34 ff ff ff    	jne    0xffffffff813b9d4e
ffffffff813b9e1a:	4c 3b 60 30          	cmp    0x30(%rax),%r12
ffffffff813b9e1e:	0f 85 2a ff ff ff    	jne    0xffffffff813b9d4e
ffffffff813b9e24:	48 85 ff             	test   %rdi,%rdi
ffffffff813b9e27:	74 10                	je     0xffffffff813b9e39
ffffffff813b9e29:	48 8d 73 38          	lea    0x38(%rbx),%rsi
ffffffff813b9e2d:	48 c7 c2 40 7c 3b 81 	mov    $0xffffffff813b7c40,%rdx
ffffffff813b9e34:	e8 d7 f9 e6 00       	call   0xffffffff82229810   <__rb_erase_color>
ffffffff813b9e39:	48 8b 45 00          	mov    0x0(%rbp),%rax
ffffffff813b9e3d:	be 02 00 00 00       	mov    $0x2,%esi
ffffffff813b9e42:	48 8b 4d 78          	mov    0x78(%rbp),%rcx
ffffffff813b9e46:	48 89 c2             	mov    %rax,%rdx
ffffffff813b9e49:	48 c1 ea 0a          	shr    $0xa,%rdx
ffffffff813b9e4d:	48 85 c0             	test   %rax,%rax
ffffffff813b9e50:	48 0f 44 d0          	cmove  %rax,%rdx
ffffffff813b9e54:	48 39 f2             	cmp    %rsi,%rdx
ffffffff813b9e57:	48 0f 42 d6          	cmovb  %rsi,%rdx
ffffffff813b9e5b:	48 85 c0             	test   %rax,%rax
ffffffff813b9e5e:	48 0f 45 c2          	cmovne %rdx,%rax
ffffffff813b9e62:	48 2b 4b 30          	sub    0x30(%rbx),%rcx
ffffffff813b9e66:	48 29 43 28          	sub    %rax,0x28(%rbx)
ffffffff813b9e6a:	48 89 ca             	mov    %rcx,%rdx
ffffffff813b9e6d:	48 0f af d0          	imul   %rax,%rdx
ffffffff813b9e71:	48 29 53 20          	sub    %rdx,0x20(%rbx)
ffffffff813b9e75:	48 83 c4 08          	add    $0x8,%rsp
ffffffff813b9e79:	5b                   	pop    %rbx
ffffffff813b9e7a:	5d                   	pop    %rbp
ffffffff813b9e7b:	41 5c                	pop    %r12
ffffffff813b9e7d:	41 5d                	pop    %r13
ffffffff813b9e7f:	41 5e                	pop    %r14
ffffffff813b9e81:	41 5f                	pop    %r15
ffffffff813b9e83:	31 c0                	xor    %eax,%eax
ffffffff813b9e85:	31 d2                	xor    %edx,%edx
ffffffff813b9e87:	31 c9                	xor    %ecx,%ecx
ffffffff813b9e89:	31 f6                	xor    %esi,%esi
ffffffff813b9e8b:	31 ff                	xor    %edi,%edi
ffffffff813b9e8d:	45 31 c0             	xor    %r8d,%r8d
ffffffff813b9e90:	45 31 c9             	xor    %r9d,%r9d
ffffffff813b9e93:	45 31 d2             	xor    %r10d,%r10d
ffffffff813b9e96:	45 31 db             	xor    %r11d,%r11d
ffffffff813b9e99:	e9 6d a2 d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813b9e9e:	48 85 f6             	test   %rsi,%rsi
ffffffff813b9ea1:	0f 84 8a 00 00 00    	je     0xffffffff813b9f31
ffffffff813b9ea7:	48 8b 56 20          	mov    0x20(%rsi),%rdx
ffffffff813b9eab:	4d 89 c8             	mov    %r9,%r8
ffffffff813b9eae:	49 29 d0             	sub    %rdx,%r8
ffffffff813b9eb1:	4d 85 c0             	test   %r8,%r8
ffffffff813b9eb4:	0f 8e 84 00 00 00    	jle    0xffffffff813b9f3e
ffffffff813b9eba:	48 89 50 20          	mov    %rdx,0x20(%rax)
ffffffff813b9ebe:	48 89 48 28          	mov    %rcx,0x28(%rax)
ffffffff813b9ec2:	4c 8b 46 28          	mov    0x28(%rsi),%r8
ffffffff813b9ec6:	49 39 c8             	cmp    %rcx,%r8
ffffffff813b9ec9:	0f 83 89 00 00 00    	jae    0xffffffff813b9f58
ffffffff813b9ecf:	4c 89 40 28          	mov    %r8,0x28(%rax)
ffffffff813b9ed3:	49 89 d1             	mov    %rdx,%r9
ffffffff813b9ed6:	48 89 48 30          	mov    %rcx,0x30(%rax)
ffffffff813b9eda:	e9 18 ff ff ff       	jmp    0xffffffff813b9df7
ffffffff813b9edf:	48 89 50 28          	mov    %rdx,0x28(%rax)
ffffffff813b9ee3:	4c 8b 4e 28          	mov    0x28(%rsi),%r9
ffffffff813b9ee7:	49 39 d1             	cmp    %rdx,%r9
ffffffff813b9eea:	0f 82 eb fe ff ff    	jb     0xffffffff813b9ddb
ffffffff813b9ef0:	48 89 48 30          	mov    %rcx,0x30(%rax)
ffffffff813b9ef4:	49 8b 50 30          	mov    0x30(%r8),%rdx
ffffffff813b9ef8:	48 39 d1             	cmp    %rdx,%rcx
ffffffff813b9efb:	0f 82 eb fe ff ff    	jb     0xffffffff813b9dec
ffffffff813b9f01:	e9 ed fe ff ff       	jmp    0xffffffff813b9df3
ffffffff813b9f06:	48 89 48 28          	mov    %rcx,0x28(%rax)
ffffffff813b9f0a:	49 8b 70 28          	mov    0x28(%r8),%rsi
ffffffff813b9f0e:	48 89 48 30          	mov    %rcx,0x30(%rax)
ffffffff813b9f12:	48 39 ce             	cmp    %rcx,%rsi
ffffffff813b9f15:	48 0f 47 f1          	cmova  %rcx,%rsi
ffffffff813b9f19:	48 89 70 28          	mov    %rsi,0x28(%rax)
ffffffff813b9f1d:	49 8b 70 30          	mov    0x30(%r8),%rsi
ffffffff813b9f21:	48 39 ce             	cmp    %rcx,%rsi
ffffffff813b9f24:	48 0f 42 f1          	cmovb  %rcx,%rsi
ffffffff813b9f28:	48 89 70 30          	mov    %rsi,0x30(%rax)
ffffffff813b9f2c:	e9 d6 fe ff ff       	jmp    0xffffffff813b9e07
ffffffff813b9f31:	48 89 48 28          	mov    %rcx,0x28(%rax)
ffffffff813b9f35:	48 89 48 30          	mov    %rcx,0x30(%rax)
ffffffff813b9f39:	e9 c9 fe ff ff       	jmp    0xffffffff813b9e07
ffffffff813b9f3e:	48 89 48 28          	mov    %rcx,0x28(%rax)
ffffffff813b9f42:	48 8b 56 28          	mov    0x28(%rsi),%rdx
ffffffff813b9f46:	48 39 ca             	cmp    %rcx,%rdx
ffffffff813b9f49:	73 19                	jae    0xffffffff813b9f64
ffffffff813b9f4b:	48 89 50 28          	mov    %rdx,0x28(%rax)
ffffffff813b9f4f:	48 89 48 30          	mov    %rcx,0x30(%rax)
ffffffff813b9f53:	e9 9f fe ff ff       	jmp    0xffffffff813b9df7
ffffffff813b9f58:	48 89 48 30          	mov    %rcx,0x30(%rax)
ffffffff813b9f5c:	49 89 d1             	mov    %rdx,%r9
ffffffff813b9f5f:	e9 93 fe ff ff       	jmp    0xffffffff813b9df7
ffffffff813b9f64:	48 89 48 30          	mov    %rcx,0x30(%rax)
ffffffff813b9f68:	e9 8a fe ff ff       	jmp    0xffffffff813b9df7
ffffffff813b9f6d:	f6 00 01             	testb  $0x1,(%rax)
ffffffff813b9f70:	48 8b 70 10          	mov    0x10(%rax),%rsi
ffffffff813b9f74:	48 89 10             	mov    %rdx,(%rax)
ffffffff813b9f77:	0f 84 e6 fd ff ff    	je     0xffffffff813b9d63
ffffffff813b9f7d:	48 89 cf             	mov    %rcx,%rdi
ffffffff813b9f80:	e9 de fd ff ff       	jmp    0xffffffff813b9d63
ffffffff813b9f85:	48 89 43 38          	mov    %rax,0x38(%rbx)
ffffffff813b9f89:	e9 a5 fd ff ff       	jmp    0xffffffff813b9d33
ffffffff813b9f8e:	48 8b 55 30          	mov    0x30(%rbp),%rdx
ffffffff813b9f92:	48 8b 78 08          	mov    0x8(%rax),%rdi
ffffffff813b9f96:	48 89 50 20          	mov    %rdx,0x20(%rax)
ffffffff813b9f9a:	48 89 c2             	mov    %rax,%rdx
ffffffff813b9f9d:	e9 5a fd ff ff       	jmp    0xffffffff813b9cfc
ffffffff813b9fa2:	4c 89 e7             	mov    %r12,%rdi
ffffffff813b9fa5:	e8 36 06 e7 00       	call   0xffffffff8222a5e0   <rb_next>
ffffffff813b9faa:	48 89 43 40          	mov    %rax,0x40(%rbx)
ffffffff813b9fae:	48 8b 7d 20          	mov    0x20(%rbp),%rdi
ffffffff813b9fb2:	48 8b 45 18          	mov    0x18(%rbp),%rax
ffffffff813b9fb6:	48 85 ff             	test   %rdi,%rdi
ffffffff813b9fb9:	0f 85 19 fb ff ff    	jne    0xffffffff813b9ad8
ffffffff813b9fbf:	48 8b 4d 10          	mov    0x10(%rbp),%rcx
ffffffff813b9fc3:	48 83 f9 03          	cmp    $0x3,%rcx
ffffffff813b9fc7:	76 53                	jbe    0xffffffff813ba01c
ffffffff813b9fc9:	48 89 ca             	mov    %rcx,%rdx
ffffffff813b9fcc:	48 83 e2 fc          	and    $0xfffffffffffffffc,%rdx
ffffffff813b9fd0:	4c 3b 62 10          	cmp    0x10(%rdx),%r12
ffffffff813b9fd4:	74 78                	je     0xffffffff813ba04e
ffffffff813b9fd6:	48 89 42 08          	mov    %rax,0x8(%rdx)
ffffffff813b9fda:	48 85 c0             	test   %rax,%rax
ffffffff813b9fdd:	74 5b                	je     0xffffffff813ba03a
ffffffff813b9fdf:	48 89 08             	mov    %rcx,(%rax)
ffffffff813b9fe2:	48 89 d0             	mov    %rdx,%rax
ffffffff813b9fe5:	48 8b 72 10          	mov    0x10(%rdx),%rsi
ffffffff813b9fe9:	e9 75 fd ff ff       	jmp    0xffffffff813b9d63
ffffffff813b9fee:	48 89 46 10          	mov    %rax,0x10(%rsi)
ffffffff813b9ff2:	e9 3c fd ff ff       	jmp    0xffffffff813b9d33
ffffffff813b9ff7:	48 8b 45 10          	mov    0x10(%rbp),%rax
ffffffff813b9ffb:	48 89 07             	mov    %rax,(%rdi)
ffffffff813b9ffe:	48 83 f8 03          	cmp    $0x3,%rax
ffffffff813ba002:	76 2d                	jbe    0xffffffff813ba031
ffffffff813ba004:	48 83 e0 fc          	and    $0xfffffffffffffffc,%rax
ffffffff813ba008:	48 8b 70 10          	mov    0x10(%rax),%rsi
ffffffff813ba00c:	49 39 f4             	cmp    %rsi,%r12
ffffffff813ba00f:	74 5c                	je     0xffffffff813ba06d
ffffffff813ba011:	48 89 78 08          	mov    %rdi,0x8(%rax)
ffffffff813ba015:	31 ff                	xor    %edi,%edi
ffffffff813ba017:	e9 47 fd ff ff       	jmp    0xffffffff813b9d63
ffffffff813ba01c:	48 89 43 38          	mov    %rax,0x38(%rbx)
ffffffff813ba020:	48 85 c0             	test   %rax,%rax
ffffffff813ba023:	0f 84 10 fe ff ff    	je     0xffffffff813b9e39
ffffffff813ba029:	48 89 08             	mov    %rcx,(%rax)
ffffffff813ba02c:	e9 08 fe ff ff       	jmp    0xffffffff813b9e39
ffffffff813ba031:	48 89 7b 38          	mov    %rdi,0x38(%rbx)
ffffffff813ba035:	e9 ff fd ff ff       	jmp    0xffffffff813b9e39
ffffffff813ba03a:	83 e1 01             	and    $0x1,%ecx
ffffffff813ba03d:	74 20                	je     0xffffffff813ba05f
ffffffff813ba03f:	48 8b 72 10          	mov    0x10(%rdx),%rsi
ffffffff813ba043:	48 89 d7             	mov    %rdx,%rdi
ffffffff813ba046:	48 89 d0             	mov    %rdx,%rax
ffffffff813ba049:	e9 15 fd ff ff       	jmp    0xffffffff813b9d63
ffffffff813ba04e:	48 89 42 10          	mov    %rax,0x10(%rdx)
ffffffff813ba052:	eb 86                	jmp    0xffffffff813b9fda
ffffffff813ba054:	48 89 ca             	mov    %rcx,%rdx
ffffffff813ba057:	48 89 c8             	mov    %rcx,%rax
ffffffff813ba05a:	e9 9d fc ff ff       	jmp    0xffffffff813b9cfc
ffffffff813ba05f:	48 8b 72 10          	mov    0x10(%rdx),%rsi
ffffffff813ba063:	31 ff                	xor    %edi,%edi
ffffffff813ba065:	48 89 d0             	mov    %rdx,%rax
ffffffff813ba068:	e9 f6 fc ff ff       	jmp    0xffffffff813b9d63
ffffffff813ba06d:	48 89 78 10          	mov    %rdi,0x10(%rax)
ffffffff813ba071:	31 ff                	xor    %edi,%edi
ffffffff813ba073:	48 8b 70 10          	mov    0x10(%rax),%rsi
ffffffff813ba077:	e9 e7 fc ff ff       	jmp    0xffffffff813b9d63
ffffffff813ba07c:	0f 1f 40 00          	nopl   0x0(%rax)
