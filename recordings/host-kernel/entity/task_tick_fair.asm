# task_tick_fair at 0xffffffff813c0dc0, 6.18.44-fc-v1300, read 2026-12-07T17:04:12Z
ffffffff813c0dc0:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c0dc5:	41 56                	push   %r14
ffffffff813c0dc7:	49 89 fe             	mov    %rdi,%r14
ffffffff813c0dca:	41 55                	push   %r13
ffffffff813c0dcc:	41 89 d5             	mov    %edx,%r13d
ffffffff813c0dcf:	41 54                	push   %r12
ffffffff813c0dd1:	49 89 f4             	mov    %rsi,%r12
ffffffff813c0dd4:	55                   	push   %rbp
ffffffff813c0dd5:	53                   	push   %rbx
ffffffff813c0dd6:	48 89 f3             	mov    %rsi,%rbx
ffffffff813c0dd9:	48 83 ec 08          	sub    $0x8,%rsp
ffffffff813c0ddd:	48 83 eb 80          	sub    $0xffffffffffffff80,%rbx
ffffffff813c0de1:	75 0e                	jne    0xffffffff813c0df1
ffffffff813c0de3:	eb 50                	jmp    0xffffffff813c0e35
ffffffff813c0de5:	48 8b 9b a0 00 00 00 	mov    0xa0(%rbx),%rbx
ffffffff813c0dec:	48 85 db             	test   %rbx,%rbx
ffffffff813c0def:	74 44                	je     0xffffffff813c0e35
ffffffff813c0df1:	48 8b ab a8 00 00 00 	mov    0xa8(%rbx),%rbp
ffffffff813c0df8:	48 89 ef             	mov    %rbp,%rdi
ffffffff813c0dfb:	e8 20 f3 ff ff       	call   0xffffffff813c0120   <update_curr>
ffffffff813c0e00:	48 89 ef             	mov    %rbp,%rdi
ffffffff813c0e03:	ba 01 00 00 00       	mov    $0x1,%edx
ffffffff813c0e08:	48 89 de             	mov    %rbx,%rsi
ffffffff813c0e0b:	e8 40 99 ff ff       	call   0xffffffff813ba750   <update_load_avg>
ffffffff813c0e10:	48 89 df             	mov    %rbx,%rdi
ffffffff813c0e13:	e8 88 fd ff ff       	call   0xffffffff813c0ba0   <update_cfs_group>
ffffffff813c0e18:	45 85 ed             	test   %r13d,%r13d
ffffffff813c0e1b:	74 c8                	je     0xffffffff813c0de5
ffffffff813c0e1d:	48 8b bd 38 01 00 00 	mov    0x138(%rbp),%rdi
ffffffff813c0e24:	e8 f7 ea fe ff       	call   0xffffffff813af920   <resched_curr_lazy>
ffffffff813c0e29:	48 8b 9b a0 00 00 00 	mov    0xa0(%rbx),%rbx
ffffffff813c0e30:	48 85 db             	test   %rbx,%rbx
ffffffff813c0e33:	75 bc                	jne    0xffffffff813c0df1
ffffffff813c0e35:	66 90                	xchg   %ax,%ax
ffffffff813c0e37:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c0e3c:	41 8b 44 24 14       	mov    0x14(%r12),%eax
ffffffff813c0e41:	48 83 c4 08          	add    $0x8,%rsp
ffffffff813c0e45:	5b                   	pop    %rbx
ffffffff813c0e46:	5d                   	pop    %rbp
ffffffff813c0e47:	41 5c                	pop    %r12
ffffffff813c0e49:	41 5d                	pop    %r13
ffffffff813c0e4b:	41 5e                	pop    %r14
ffffffff813c0e4d:	31 c0                	xor    %eax,%eax
ffffffff813c0e4f:	31 d2                	xor    %edx,%edx
ffffffff813c0e51:	31 c9                	xor    %ecx,%ecx
ffffffff813c0e53:	31 f6                	xor    %esi,%esi
ffffffff813c0e55:	31 ff                	xor    %edi,%edi
ffffffff813c0e57:	e9 af 32 d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c0e5c:	49 8b 84 24 70 04 00 	mov    0x470(%r12),%rax
ffffffff813c0e63:	00 
ffffffff813c0e64:	48 85 c0             	test   %rax,%rax
ffffffff813c0e67:	74 ce                	je     0xffffffff813c0e37
ffffffff813c0e69:	41 f7 44 24 2c 04 00 	testl  $0x200004,0x2c(%r12)
ffffffff813c0e70:	20 00 
ffffffff813c0e72:	75 c3                	jne    0xffffffff813c0e37
ffffffff813c0e74:	49 8d ac 24 30 0a 00 	lea    0xa30(%r12),%rbp
ffffffff813c0e7b:	00 
ffffffff813c0e7c:	49 3b ac 24 30 0a 00 	cmp    0xa30(%r12),%rbp
ffffffff813c0e83:	00 
ffffffff813c0e84:	75 b1                	jne    0xffffffff813c0e37
ffffffff813c0e86:	41 8b 9c 24 04 0a 00 	mov    0xa04(%r12),%ebx
ffffffff813c0e8d:	00 
ffffffff813c0e8e:	49 8b 94 24 18 0a 00 	mov    0xa18(%r12),%rdx
ffffffff813c0e95:	00 
ffffffff813c0e96:	48 69 db 40 42 0f 00 	imul   $0xf4240,%rbx,%rbx
ffffffff813c0e9d:	48 01 d3             	add    %rdx,%rbx
ffffffff813c0ea0:	49 3b 9c 24 e8 00 00 	cmp    0xe8(%r12),%rbx
ffffffff813c0ea7:	00 
ffffffff813c0ea8:	73 8d                	jae    0xffffffff813c0e37
ffffffff813c0eaa:	48 85 d2             	test   %rdx,%rdx
ffffffff813c0ead:	0f 84 d9 00 00 00    	je     0xffffffff813c0f8c
ffffffff813c0eb3:	48 c7 04 24 00 00 00 	movq   $0x0,(%rsp)
ffffffff813c0eba:	00 
ffffffff813c0ebb:	48 8b 15 be 8a a4 01 	mov    0x1a48abe(%rip),%rdx        # 0xffffffff82e09980
ffffffff813c0ec2:	49 89 9c 24 18 0a 00 	mov    %rbx,0xa18(%r12)
ffffffff813c0ec9:	00 
ffffffff813c0eca:	48 3b 90 38 05 00 00 	cmp    0x538(%rax),%rdx
ffffffff813c0ed1:	0f 88 60 ff ff ff    	js     0xffffffff813c0e37
ffffffff813c0ed7:	ba 01 00 00 00       	mov    $0x1,%edx
ffffffff813c0edc:	48 89 ee             	mov    %rbp,%rsi
ffffffff813c0edf:	4c 89 e7             	mov    %r12,%rdi
ffffffff813c0ee2:	e8 b9 26 fd ff       	call   0xffffffff813935a0   <task_work_add>
ffffffff813c0ee7:	e9 4b ff ff ff       	jmp    0xffffffff813c0e37
ffffffff813c0eec:	4d 85 e4             	test   %r12,%r12
ffffffff813c0eef:	0f 84 87 00 00 00    	je     0xffffffff813c0f7c
ffffffff813c0ef5:	41 83 bc 24 18 03 00 	cmpl   $0x1,0x318(%r12)
ffffffff813c0efc:	00 01 
ffffffff813c0efe:	74 7c                	je     0xffffffff813c0f7c
ffffffff813c0f00:	49 63 9e a8 0b 00 00 	movslq 0xba8(%r14),%rbx
ffffffff813c0f07:	89 df                	mov    %ebx,%edi
ffffffff813c0f09:	e8 12 f0 f5 ff       	call   0xffffffff8131ff20   <arch_scale_cpu_capacity>
ffffffff813c0f0e:	49 3b 84 24 10 03 00 	cmp    0x310(%r12),%rax
ffffffff813c0f15:	00 
ffffffff813c0f16:	74 64                	je     0xffffffff813c0f7c
ffffffff813c0f18:	49 8b 94 24 70 01 00 	mov    0x170(%r12),%rdx
ffffffff813c0f1f:	00 
ffffffff813c0f20:	41 8b 84 24 78 01 00 	mov    0x178(%r12),%eax
ffffffff813c0f27:	00 
ffffffff813c0f28:	48 c7 c1 c0 8b 91 83 	mov    $0xffffffff83918bc0,%rcx
ffffffff813c0f2f:	25 ff ff ff 7f       	and    $0x7fffffff,%eax
ffffffff813c0f34:	48 39 d0             	cmp    %rdx,%rax
ffffffff813c0f37:	48 0f 42 c2          	cmovb  %rdx,%rax
ffffffff813c0f3b:	48 8d 14 80          	lea    (%rax,%rax,4),%rdx
ffffffff813c0f3f:	48 8b 04 dd 80 60 86 	mov    -0x7d799f80(,%rbx,8),%rax
ffffffff813c0f46:	82 
ffffffff813c0f47:	48 c1 e2 08          	shl    $0x8,%rdx
ffffffff813c0f4b:	48 8b 84 08 50 0b 00 	mov    0xb50(%rax,%rcx,1),%rax
ffffffff813c0f52:	00 
ffffffff813c0f53:	48 c1 e0 0a          	shl    $0xa,%rax
ffffffff813c0f57:	48 39 c2             	cmp    %rax,%rdx
ffffffff813c0f5a:	72 20                	jb     0xffffffff813c0f7c
ffffffff813c0f5c:	4c 89 e7             	mov    %r12,%rdi
ffffffff813c0f5f:	e8 6c 5f ff ff       	call   0xffffffff813b6ed0   <task_h_load>
ffffffff813c0f64:	ba 01 00 00 00       	mov    $0x1,%edx
ffffffff813c0f69:	48 85 c0             	test   %rax,%rax
ffffffff813c0f6c:	48 0f 44 c2          	cmove  %rdx,%rax
ffffffff813c0f70:	49 89 86 68 0b 00 00 	mov    %rax,0xb68(%r14)
ffffffff813c0f77:	e9 c0 fe ff ff       	jmp    0xffffffff813c0e3c
ffffffff813c0f7c:	49 c7 86 68 0b 00 00 	movq   $0x0,0xb68(%r14)
ffffffff813c0f83:	00 00 00 00 
ffffffff813c0f87:	e9 b0 fe ff ff       	jmp    0xffffffff813c0e3c
ffffffff813c0f8c:	4c 89 e7             	mov    %r12,%rdi
ffffffff813c0f8f:	e8 ac 80 ff ff       	call   0xffffffff813b9040   <task_scan_start>
ffffffff813c0f94:	49 03 9c 24 18 0a 00 	add    0xa18(%r12),%rbx
ffffffff813c0f9b:	00 
ffffffff813c0f9c:	41 89 84 24 04 0a 00 	mov    %eax,0xa04(%r12)
ffffffff813c0fa3:	00 
ffffffff813c0fa4:	49 8b 84 24 70 04 00 	mov    0x470(%r12),%rax
ffffffff813c0fab:	00 
ffffffff813c0fac:	e9 02 ff ff ff       	jmp    0xffffffff813c0eb3
ffffffff813c0fb1:	0f 1f 40 00          	nopl   0x0(%rax)
ffffffff813c0fb5:	66 66 2e 0f 1f 84 00 	data16 cs nopw 0x0(%rax,%rax,1)
ffffffff813c0fbc:	00 00 00 00 
