# check_preempt_wakeup_fair at 0xffffffff813c2a10, 6.18.44-fc-v1272, read 2026-12-06T22:48:15Z
ffffffff813c2a10:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c2a15:	48 8b 87 a0 0a 00 00 	mov    0xaa0(%rdi),%rax
ffffffff813c2a1c:	48 8d 8e 80 00 00 00 	lea    0x80(%rsi),%rcx
ffffffff813c2a23:	4c 8d 80 80 00 00 00 	lea    0x80(%rax),%r8
ffffffff813c2a2a:	49 39 c8             	cmp    %rcx,%r8
ffffffff813c2a2d:	74 71                	je     0xffffffff813c2aa0
ffffffff813c2a2f:	41 89 d2             	mov    %edx,%r10d
ffffffff813c2a32:	66 90                	xchg   %ax,%ax
ffffffff813c2a34:	48 8b 10             	mov    (%rax),%rdx
ffffffff813c2a37:	83 e2 10             	and    $0x10,%edx
ffffffff813c2a3a:	75 64                	jne    0xffffffff813c2aa0
ffffffff813c2a3c:	66 90                	xchg   %ax,%ax
ffffffff813c2a3e:	41 57                	push   %r15
ffffffff813c2a40:	41 56                	push   %r14
ffffffff813c2a42:	53                   	push   %rbx
ffffffff813c2a43:	48 83 ec 20          	sub    $0x20,%rsp
ffffffff813c2a47:	8b 90 18 01 00 00    	mov    0x118(%rax),%edx
ffffffff813c2a4d:	8b 86 18 01 00 00    	mov    0x118(%rsi),%eax
ffffffff813c2a53:	39 c2                	cmp    %eax,%edx
ffffffff813c2a55:	0f 8e f6 00 00 00    	jle    0xffffffff813c2b51
ffffffff813c2a5b:	41 89 d1             	mov    %edx,%r9d
ffffffff813c2a5e:	41 29 c1             	sub    %eax,%r9d
ffffffff813c2a61:	41 83 e1 01          	and    $0x1,%r9d
ffffffff813c2a65:	74 19                	je     0xffffffff813c2a80
ffffffff813c2a67:	83 ea 01             	sub    $0x1,%edx
ffffffff813c2a6a:	4d 8b 80 a0 00 00 00 	mov    0xa0(%r8),%r8
ffffffff813c2a71:	39 d0                	cmp    %edx,%eax
ffffffff813c2a73:	74 59                	je     0xffffffff813c2ace
ffffffff813c2a75:	66 66 2e 0f 1f 84 00 	data16 cs nopw 0x0(%rax,%rax,1)
ffffffff813c2a7c:	00 00 00 00 
ffffffff813c2a80:	4d 8b 80 a0 00 00 00 	mov    0xa0(%r8),%r8
ffffffff813c2a87:	83 ea 02             	sub    $0x2,%edx
ffffffff813c2a8a:	4d 8b 80 a0 00 00 00 	mov    0xa0(%r8),%r8
ffffffff813c2a91:	39 d0                	cmp    %edx,%eax
ffffffff813c2a93:	75 eb                	jne    0xffffffff813c2a80
ffffffff813c2a95:	eb 37                	jmp    0xffffffff813c2ace
ffffffff813c2a97:	80 be f0 02 00 00 00 	cmpb   $0x0,0x2f0(%rsi)
ffffffff813c2a9e:	74 94                	je     0xffffffff813c2a34
ffffffff813c2aa0:	31 c0                	xor    %eax,%eax
ffffffff813c2aa2:	31 d2                	xor    %edx,%edx
ffffffff813c2aa4:	31 c9                	xor    %ecx,%ecx
ffffffff813c2aa6:	31 f6                	xor    %esi,%esi
ffffffff813c2aa8:	31 ff                	xor    %edi,%edi
ffffffff813c2aaa:	45 31 c0             	xor    %r8d,%r8d
ffffffff813c2aad:	45 31 c9             	xor    %r9d,%r9d
ffffffff813c2ab0:	45 31 d2             	xor    %r10d,%r10d
ffffffff813c2ab3:	45 31 db             	xor    %r11d,%r11d
ffffffff813c2ab6:	e9 50 16 d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c2abb:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c2ac0:	4d 8b 80 a0 00 00 00 	mov    0xa0(%r8),%r8
ffffffff813c2ac7:	48 8b 89 a0 00 00 00 	mov    0xa0(%rcx),%rcx
ffffffff813c2ace:	4d 8b 88 a8 00 00 00 	mov    0xa8(%r8),%r9
ffffffff813c2ad5:	4c 39 89 a8 00 00 00 	cmp    %r9,0xa8(%rcx)
ffffffff813c2adc:	75 e2                	jne    0xffffffff813c2ac0
ffffffff813c2ade:	4d 85 c9             	test   %r9,%r9
ffffffff813c2ae1:	74 dd                	je     0xffffffff813c2ac0
ffffffff813c2ae3:	48 85 c9             	test   %rcx,%rcx
ffffffff813c2ae6:	0f 84 78 02 00 00    	je     0xffffffff813c2d64
ffffffff813c2aec:	49 8b 80 b0 00 00 00 	mov    0xb0(%r8),%rax
ffffffff813c2af3:	48 85 c0             	test   %rax,%rax
ffffffff813c2af6:	0f 84 58 02 00 00    	je     0xffffffff813c2d54
ffffffff813c2afc:	8b 98 60 01 00 00    	mov    0x160(%rax),%ebx
ffffffff813c2b02:	85 db                	test   %ebx,%ebx
ffffffff813c2b04:	0f 9f c2             	setg   %dl
ffffffff813c2b07:	48 8b 81 b0 00 00 00 	mov    0xb0(%rcx),%rax
ffffffff813c2b0e:	48 85 c0             	test   %rax,%rax
ffffffff813c2b11:	0f 84 2e 02 00 00    	je     0xffffffff813c2d45
ffffffff813c2b17:	44 8b 98 60 01 00 00 	mov    0x160(%rax),%r11d
ffffffff813c2b1e:	45 85 db             	test   %r11d,%r11d
ffffffff813c2b21:	0f 9f c0             	setg   %al
ffffffff813c2b24:	48 89 fb             	mov    %rdi,%rbx
ffffffff813c2b27:	84 c0                	test   %al,%al
ffffffff813c2b29:	75 6f                	jne    0xffffffff813c2b9a
ffffffff813c2b2b:	84 d2                	test   %dl,%dl
ffffffff813c2b2d:	74 6b                	je     0xffffffff813c2b9a
ffffffff813c2b2f:	49 8b 40 78          	mov    0x78(%r8),%rax
ffffffff813c2b33:	49 3b 80 80 00 00 00 	cmp    0x80(%r8),%rax
ffffffff813c2b3a:	0f 88 f9 01 00 00    	js     0xffffffff813c2d39
ffffffff813c2b40:	48 83 c4 20          	add    $0x20,%rsp
ffffffff813c2b44:	48 89 df             	mov    %rbx,%rdi
ffffffff813c2b47:	5b                   	pop    %rbx
ffffffff813c2b48:	41 5e                	pop    %r14
ffffffff813c2b4a:	41 5f                	pop    %r15
ffffffff813c2b4c:	e9 cf cd fe ff       	jmp    0xffffffff813af920   <resched_curr_lazy>
ffffffff813c2b51:	0f 8d 77 ff ff ff    	jge    0xffffffff813c2ace
ffffffff813c2b57:	41 89 c1             	mov    %eax,%r9d
ffffffff813c2b5a:	41 29 d1             	sub    %edx,%r9d
ffffffff813c2b5d:	41 83 e1 01          	and    $0x1,%r9d
ffffffff813c2b61:	74 1d                	je     0xffffffff813c2b80
ffffffff813c2b63:	83 e8 01             	sub    $0x1,%eax
ffffffff813c2b66:	48 8b 89 a0 00 00 00 	mov    0xa0(%rcx),%rcx
ffffffff813c2b6d:	39 c2                	cmp    %eax,%edx
ffffffff813c2b6f:	0f 84 59 ff ff ff    	je     0xffffffff813c2ace
ffffffff813c2b75:	66 66 2e 0f 1f 84 00 	data16 cs nopw 0x0(%rax,%rax,1)
ffffffff813c2b7c:	00 00 00 00 
ffffffff813c2b80:	48 8b 89 a0 00 00 00 	mov    0xa0(%rcx),%rcx
ffffffff813c2b87:	83 e8 02             	sub    $0x2,%eax
ffffffff813c2b8a:	48 8b 89 a0 00 00 00 	mov    0xa0(%rcx),%rcx
ffffffff813c2b91:	39 c2                	cmp    %eax,%edx
ffffffff813c2b93:	75 eb                	jne    0xffffffff813c2b80
ffffffff813c2b95:	e9 34 ff ff ff       	jmp    0xffffffff813c2ace
ffffffff813c2b9a:	38 d0                	cmp    %dl,%al
ffffffff813c2b9c:	0f 85 cd 00 00 00    	jne    0xffffffff813c2c6f
ffffffff813c2ba2:	8b 96 0c 03 00 00    	mov    0x30c(%rsi),%edx
ffffffff813c2ba8:	85 d2                	test   %edx,%edx
ffffffff813c2baa:	0f 85 bf 00 00 00    	jne    0xffffffff813c2c6f
ffffffff813c2bb0:	4c 89 cf             	mov    %r9,%rdi
ffffffff813c2bb3:	4c 89 0c 24          	mov    %r9,(%rsp)
ffffffff813c2bb7:	48 89 4c 24 08       	mov    %rcx,0x8(%rsp)
ffffffff813c2bbc:	4c 89 44 24 10       	mov    %r8,0x10(%rsp)
ffffffff813c2bc1:	44 89 54 24 1c       	mov    %r10d,0x1c(%rsp)
ffffffff813c2bc6:	e8 55 d5 ff ff       	call   0xffffffff813c0120   <update_curr>
ffffffff813c2bcb:	4c 8b 0c 24          	mov    (%rsp),%r9
ffffffff813c2bcf:	48 8b 4c 24 08       	mov    0x8(%rsp),%rcx
ffffffff813c2bd4:	4c 8b 44 24 10       	mov    0x10(%rsp),%r8
ffffffff813c2bd9:	44 8b 54 24 1c       	mov    0x1c(%rsp),%r10d
ffffffff813c2bde:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c2be3:	49 8b 80 88 00 00 00 	mov    0x88(%r8),%rax
ffffffff813c2bea:	48 39 81 88 00 00 00 	cmp    %rax,0x88(%rcx)
ffffffff813c2bf1:	0f 83 9c 00 00 00    	jae    0xffffffff813c2c93
ffffffff813c2bf7:	45 31 f6             	xor    %r14d,%r14d
ffffffff813c2bfa:	41 bf 01 00 00 00    	mov    $0x1,%r15d
ffffffff813c2c00:	e9 c7 00 00 00       	jmp    0xffffffff813c2ccc
ffffffff813c2c05:	66 90                	xchg   %ax,%ax
ffffffff813c2c07:	49 8b 51 38          	mov    0x38(%r9),%rdx
ffffffff813c2c0b:	49 8b 41 48          	mov    0x48(%r9),%rax
ffffffff813c2c0f:	48 c7 c7 ff ff ff ff 	mov    $0xffffffffffffffff,%rdi
ffffffff813c2c16:	48 85 d2             	test   %rdx,%rdx
ffffffff813c2c19:	0f 84 fa 01 00 00    	je     0xffffffff813c2e19
ffffffff813c2c1f:	48 85 c0             	test   %rax,%rax
ffffffff813c2c22:	74 0d                	je     0xffffffff813c2c31
ffffffff813c2c24:	80 78 58 00          	cmpb   $0x0,0x58(%rax)
ffffffff813c2c28:	74 07                	je     0xffffffff813c2c31
ffffffff813c2c2a:	48 8b b8 88 00 00 00 	mov    0x88(%rax),%rdi
ffffffff813c2c31:	48 89 d0             	mov    %rdx,%rax
ffffffff813c2c34:	48 83 e8 10          	sub    $0x10,%rax
ffffffff813c2c38:	74 0b                	je     0xffffffff813c2c45
ffffffff813c2c3a:	48 8b 42 28          	mov    0x28(%rdx),%rax
ffffffff813c2c3e:	48 39 c7             	cmp    %rax,%rdi
ffffffff813c2c41:	48 0f 47 f8          	cmova  %rax,%rdi
ffffffff813c2c45:	49 8b 50 78          	mov    0x78(%r8),%rdx
ffffffff813c2c49:	49 81 38 00 00 10 00 	cmpq   $0x100000,(%r8)
ffffffff813c2c50:	0f 85 e2 01 00 00    	jne    0xffffffff813c2e38
ffffffff813c2c56:	48 8d 04 3a          	lea    (%rdx,%rdi,1),%rax
ffffffff813c2c5a:	49 8b 90 80 00 00 00 	mov    0x80(%r8),%rdx
ffffffff813c2c61:	48 39 d0             	cmp    %rdx,%rax
ffffffff813c2c64:	48 0f 49 c2          	cmovns %rdx,%rax
ffffffff813c2c68:	49 89 80 80 00 00 00 	mov    %rax,0x80(%r8)
ffffffff813c2c6f:	48 83 c4 20          	add    $0x20,%rsp
ffffffff813c2c73:	5b                   	pop    %rbx
ffffffff813c2c74:	41 5e                	pop    %r14
ffffffff813c2c76:	41 5f                	pop    %r15
ffffffff813c2c78:	31 c0                	xor    %eax,%eax
ffffffff813c2c7a:	31 d2                	xor    %edx,%edx
ffffffff813c2c7c:	31 c9                	xor    %ecx,%ecx
ffffffff813c2c7e:	31 f6                	xor    %esi,%esi
ffffffff813c2c80:	31 ff                	xor    %edi,%edi
ffffffff813c2c82:	45 31 c0             	xor    %r8d,%r8d
ffffffff813c2c85:	45 31 c9             	xor    %r9d,%r9d
ffffffff813c2c88:	45 31 d2             	xor    %r10d,%r10d
ffffffff813c2c8b:	45 31 db             	xor    %r11d,%r11d
ffffffff813c2c8e:	e9 78 14 d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c2c93:	41 f6 c2 04          	test   $0x4,%r10b
ffffffff813c2c97:	75 d6                	jne    0xffffffff813c2c6f
ffffffff813c2c99:	80 79 59 00          	cmpb   $0x0,0x59(%rcx)
ffffffff813c2c9d:	75 d0                	jne    0xffffffff813c2c6f
ffffffff813c2c9f:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c2ca4:	41 be 01 00 00 00    	mov    $0x1,%r14d
ffffffff813c2caa:	41 bf 02 00 00 00    	mov    $0x2,%r15d
ffffffff813c2cb0:	eb 1a                	jmp    0xffffffff813c2ccc
ffffffff813c2cb2:	48 39 c1             	cmp    %rax,%rcx
ffffffff813c2cb5:	74 73                	je     0xffffffff813c2d2a
ffffffff813c2cb7:	48 85 c0             	test   %rax,%rax
ffffffff813c2cba:	0f 85 45 ff ff ff    	jne    0xffffffff813c2c05
ffffffff813c2cc0:	41 8b 41 10          	mov    0x10(%r9),%eax
ffffffff813c2cc4:	85 c0                	test   %eax,%eax
ffffffff813c2cc6:	0f 84 39 ff ff ff    	je     0xffffffff813c2c05
ffffffff813c2ccc:	4c 89 cf             	mov    %r9,%rdi
ffffffff813c2ccf:	44 89 f6             	mov    %r14d,%esi
ffffffff813c2cd2:	4c 89 44 24 10       	mov    %r8,0x10(%rsp)
ffffffff813c2cd7:	48 89 4c 24 08       	mov    %rcx,0x8(%rsp)
ffffffff813c2cdc:	4c 89 0c 24          	mov    %r9,(%rsp)
ffffffff813c2ce0:	e8 fb 43 ff ff       	call   0xffffffff813b70e0   <pick_eevdf>
ffffffff813c2ce5:	4c 8b 0c 24          	mov    (%rsp),%r9
ffffffff813c2ce9:	48 8b 4c 24 08       	mov    0x8(%rsp),%rcx
ffffffff813c2cee:	80 78 59 00          	cmpb   $0x0,0x59(%rax)
ffffffff813c2cf2:	4c 8b 44 24 10       	mov    0x10(%rsp),%r8
ffffffff813c2cf7:	74 b9                	je     0xffffffff813c2cb2
ffffffff813c2cf9:	ba 01 02 00 00       	mov    $0x201,%edx
ffffffff813c2cfe:	48 89 c6             	mov    %rax,%rsi
ffffffff813c2d01:	48 89 df             	mov    %rbx,%rdi
ffffffff813c2d04:	4c 89 4c 24 10       	mov    %r9,0x10(%rsp)
ffffffff813c2d09:	4c 89 44 24 08       	mov    %r8,0x8(%rsp)
ffffffff813c2d0e:	48 89 0c 24          	mov    %rcx,(%rsp)
ffffffff813c2d12:	e8 a9 f0 ff ff       	call   0xffffffff813c1dc0   <dequeue_entities>
ffffffff813c2d17:	48 8b 0c 24          	mov    (%rsp),%rcx
ffffffff813c2d1b:	4c 8b 44 24 08       	mov    0x8(%rsp),%r8
ffffffff813c2d20:	4c 8b 4c 24 10       	mov    0x10(%rsp),%r9
ffffffff813c2d25:	48 85 c9             	test   %rcx,%rcx
ffffffff813c2d28:	75 96                	jne    0xffffffff813c2cc0
ffffffff813c2d2a:	41 83 ff 01          	cmp    $0x1,%r15d
ffffffff813c2d2e:	0f 85 0c fe ff ff    	jne    0xffffffff813c2b40
ffffffff813c2d34:	e9 f6 fd ff ff       	jmp    0xffffffff813c2b2f
ffffffff813c2d39:	49 89 80 80 00 00 00 	mov    %rax,0x80(%r8)
ffffffff813c2d40:	e9 fb fd ff ff       	jmp    0xffffffff813c2b40
ffffffff813c2d45:	83 b9 8c 02 00 00 05 	cmpl   $0x5,0x28c(%rcx)
ffffffff813c2d4c:	0f 94 c0             	sete   %al
ffffffff813c2d4f:	e9 d0 fd ff ff       	jmp    0xffffffff813c2b24
ffffffff813c2d54:	41 83 b8 8c 02 00 00 	cmpl   $0x5,0x28c(%r8)
ffffffff813c2d5b:	05 
ffffffff813c2d5c:	0f 94 c2             	sete   %dl
ffffffff813c2d5f:	e9 a3 fd ff ff       	jmp    0xffffffff813c2b07
ffffffff813c2d64:	0f 0b                	ud2
ffffffff813c2d66:	e9 81 fd ff ff       	jmp    0xffffffff813c2aec
ffffffff813c2d6b:	49 8b 41 50          	mov    0x50(%r9),%rax
ffffffff813c2d6f:	48 85 c0             	test   %rax,%rax
ffffffff813c2d72:	74 0e                	je     0xffffffff813c2d82
ffffffff813c2d74:	48 8b 79 28          	mov    0x28(%rcx),%rdi
ffffffff813c2d78:	48 39 78 28          	cmp    %rdi,0x28(%rax)
ffffffff813c2d7c:	0f 88 22 ff ff ff    	js     0xffffffff813c2ca4
ffffffff813c2d82:	48 89 cf             	mov    %rcx,%rdi
ffffffff813c2d85:	44 89 54 24 1c       	mov    %r10d,0x1c(%rsp)
ffffffff813c2d8a:	4c 89 4c 24 10       	mov    %r9,0x10(%rsp)
ffffffff813c2d8f:	4c 89 44 24 08       	mov    %r8,0x8(%rsp)
ffffffff813c2d94:	48 89 0c 24          	mov    %rcx,(%rsp)
ffffffff813c2d98:	e8 d3 42 ff ff       	call   0xffffffff813b7070   <set_next_buddy>
ffffffff813c2d9d:	44 8b 54 24 1c       	mov    0x1c(%rsp),%r10d
ffffffff813c2da2:	48 8b 0c 24          	mov    (%rsp),%rcx
ffffffff813c2da6:	4c 8b 44 24 08       	mov    0x8(%rsp),%r8
ffffffff813c2dab:	4c 8b 4c 24 10       	mov    0x10(%rsp),%r9
ffffffff813c2db0:	41 f6 c2 10          	test   $0x10,%r10b
ffffffff813c2db4:	0f 84 ea fe ff ff    	je     0xffffffff813c2ca4
ffffffff813c2dba:	41 f6 c2 08          	test   $0x8,%r10b
ffffffff813c2dbe:	0f 84 9d 00 00 00    	je     0xffffffff813c2e61
ffffffff813c2dc4:	8b 15 b6 be c9 01    	mov    0x1c9beb6(%rip),%edx        # 0xffffffff8305ec80
ffffffff813c2dca:	83 bb d0 0a 00 00 01 	cmpl   $0x1,0xad0(%rbx)
ffffffff813c2dd1:	0f 86 83 00 00 00    	jbe    0xffffffff813c2e5a
ffffffff813c2dd7:	be 00 00 00 00       	mov    $0x0,%esi
ffffffff813c2ddc:	48 8b 83 00 0b 00 00 	mov    0xb00(%rbx),%rax
ffffffff813c2de3:	49 2b 40 60          	sub    0x60(%r8),%rax
ffffffff813c2de7:	48 0f 48 c6          	cmovs  %rsi,%rax
ffffffff813c2deb:	48 89 d6             	mov    %rdx,%rsi
ffffffff813c2dee:	49 8b 78 28          	mov    0x28(%r8),%rdi
ffffffff813c2df2:	48 c1 ee 02          	shr    $0x2,%rsi
ffffffff813c2df6:	41 81 e2 80 00 00 00 	and    $0x80,%r10d
ffffffff813c2dfd:	48 0f 45 d6          	cmovne %rsi,%rdx
ffffffff813c2e01:	48 39 79 28          	cmp    %rdi,0x28(%rcx)
ffffffff813c2e05:	0f 89 64 fe ff ff    	jns    0xffffffff813c2c6f
ffffffff813c2e0b:	48 39 d0             	cmp    %rdx,%rax
ffffffff813c2e0e:	0f 82 5b fe ff ff    	jb     0xffffffff813c2c6f
ffffffff813c2e14:	e9 27 fd ff ff       	jmp    0xffffffff813c2b40
ffffffff813c2e19:	48 85 c0             	test   %rax,%rax
ffffffff813c2e1c:	0f 84 23 fe ff ff    	je     0xffffffff813c2c45
ffffffff813c2e22:	80 78 58 00          	cmpb   $0x0,0x58(%rax)
ffffffff813c2e26:	0f 84 19 fe ff ff    	je     0xffffffff813c2c45
ffffffff813c2e2c:	48 8b b8 88 00 00 00 	mov    0x88(%rax),%rdi
ffffffff813c2e33:	e9 0d fe ff ff       	jmp    0xffffffff813c2c45
ffffffff813c2e38:	4c 89 c6             	mov    %r8,%rsi
ffffffff813c2e3b:	48 89 54 24 08       	mov    %rdx,0x8(%rsp)
ffffffff813c2e40:	4c 89 04 24          	mov    %r8,(%rsp)
ffffffff813c2e44:	e8 47 4c ff ff       	call   0xffffffff813b7a90   <__calc_delta.constprop.0>
ffffffff813c2e49:	48 8b 54 24 08       	mov    0x8(%rsp),%rdx
ffffffff813c2e4e:	4c 8b 04 24          	mov    (%rsp),%r8
ffffffff813c2e52:	48 89 c7             	mov    %rax,%rdi
ffffffff813c2e55:	e9 fc fd ff ff       	jmp    0xffffffff813c2c56
ffffffff813c2e5a:	0f 0b                	ud2
ffffffff813c2e5c:	e9 76 ff ff ff       	jmp    0xffffffff813c2dd7
ffffffff813c2e61:	0f 0b                	ud2
ffffffff813c2e63:	e9 5c ff ff ff       	jmp    0xffffffff813c2dc4
ffffffff813c2e68:	0f 1f 84 00 00 00 00 	nopl   0x0(%rax,%rax,1)
ffffffff813c2e6f:	00 
