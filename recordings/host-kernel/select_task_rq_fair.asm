# select_task_rq_fair at 0xffffffff813bbd60, 6.18.44-fc-v1147, read 2026-12-03T21:25:46Z
ffffffff813bbd60:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813bbd65:	41 57                	push   %r15
ffffffff813bbd67:	41 89 d7             	mov    %edx,%r15d
ffffffff813bbd6a:	41 56                	push   %r14
ffffffff813bbd6c:	41 55                	push   %r13
ffffffff813bbd6e:	49 89 fd             	mov    %rdi,%r13
ffffffff813bbd71:	41 54                	push   %r12
ffffffff813bbd73:	55                   	push   %rbp
ffffffff813bbd74:	53                   	push   %rbx
ffffffff813bbd75:	48 83 ec 58          	sub    $0x58,%rsp
ffffffff813bbd79:	89 34 24             	mov    %esi,(%rsp)
ffffffff813bbd7c:	65 4c 8b 15 84 a2 74 	mov    %gs:0x274a284(%rip),%r10        # 0xffffffff83b06008
ffffffff813bbd83:	02 
ffffffff813bbd84:	4c 89 54 24 50       	mov    %r10,0x50(%rsp)
ffffffff813bbd89:	41 89 d2             	mov    %edx,%r10d
ffffffff813bbd8c:	41 83 e7 10          	and    $0x10,%r15d
ffffffff813bbd90:	74 19                	je     0xffffffff813bbdab
ffffffff813bbd92:	65 48 8b 15 7e a2 74 	mov    %gs:0x274a27e(%rip),%rdx        # 0xffffffff83b06018
ffffffff813bbd99:	02 
ffffffff813bbd9a:	44 0f b6 7a 2c       	movzbl 0x2c(%rdx),%r15d
ffffffff813bbd9f:	41 c0 ef 02          	shr    $0x2,%r15b
ffffffff813bbda3:	41 83 e7 01          	and    $0x1,%r15d
ffffffff813bbda7:	41 83 f7 01          	xor    $0x1,%r15d
ffffffff813bbdab:	8b 1d 7f 49 ea 01    	mov    0x1ea497f(%rip),%ebx        # 0xffffffff83260730
ffffffff813bbdb1:	65 8b 2d 7c a2 74 02 	mov    %gs:0x274a27c(%rip),%ebp        # 0xffffffff83b06034
ffffffff813bbdb8:	85 db                	test   %ebx,%ebx
ffffffff813bbdba:	0f 85 ab 01 00 00    	jne    0xffffffff813bbf6b
ffffffff813bbdc0:	65 48 8b 15 50 a2 74 	mov    %gs:0x274a250(%rip),%rdx        # 0xffffffff83b06018
ffffffff813bbdc7:	02 
ffffffff813bbdc8:	41 f6 c2 08          	test   $0x8,%r10b
ffffffff813bbdcc:	0f 84 e9 00 00 00    	je     0xffffffff813bbebb
ffffffff813bbdd2:	48 c7 44 24 48 00 00 	movq   $0x0,0x48(%rsp)
ffffffff813bbdd9:	00 00 
ffffffff813bbddb:	48 8b 42 50          	mov    0x50(%rdx),%rax
ffffffff813bbddf:	48 8b 0d 9a db c4 01 	mov    0x1c4db9a(%rip),%rcx        # 0xffffffff83009980
ffffffff813bbde6:	48 29 c8             	sub    %rcx,%rax
ffffffff813bbde9:	48 05 fa 00 00 00    	add    $0xfa,%rax
ffffffff813bbdef:	0f 88 00 01 00 00    	js     0xffffffff813bbef5
ffffffff813bbdf5:	4c 3b 6a 58          	cmp    0x58(%rdx),%r13
ffffffff813bbdf9:	74 08                	je     0xffffffff813bbe03
ffffffff813bbdfb:	83 42 48 01          	addl   $0x1,0x48(%rdx)
ffffffff813bbdff:	4c 89 6a 58          	mov    %r13,0x58(%rdx)
ffffffff813bbe03:	41 f6 c2 40          	test   $0x40,%r10b
ffffffff813bbe07:	0f 85 97 00 00 00    	jne    0xffffffff813bbea4
ffffffff813bbe0d:	8b 42 48             	mov    0x48(%rdx),%eax
ffffffff813bbe10:	41 8b 4d 48          	mov    0x48(%r13),%ecx
ffffffff813bbe14:	65 8b 15 dd d3 74 02 	mov    %gs:0x274d3dd(%rip),%edx        # 0xffffffff83b091f8
ffffffff813bbe1b:	44 89 54 24 08       	mov    %r10d,0x8(%rsp)
ffffffff813bbe20:	39 c8                	cmp    %ecx,%eax
ffffffff813bbe22:	89 c6                	mov    %eax,%esi
ffffffff813bbe24:	0f 43 c1             	cmovae %ecx,%eax
ffffffff813bbe27:	0f 42 f1             	cmovb  %ecx,%esi
ffffffff813bbe2a:	39 d0                	cmp    %edx,%eax
ffffffff813bbe2c:	0f 82 88 01 00 00    	jb     0xffffffff813bbfba
ffffffff813bbe32:	0f af d0             	imul   %eax,%edx
ffffffff813bbe35:	39 d6                	cmp    %edx,%esi
ffffffff813bbe37:	0f 82 7d 01 00 00    	jb     0xffffffff813bbfba
ffffffff813bbe3d:	e8 ee 25 05 00       	call   0xffffffff8140e430   <__rcu_read_lock>
ffffffff813bbe42:	48 63 d5             	movslq %ebp,%rdx
ffffffff813bbe45:	31 db                	xor    %ebx,%ebx
ffffffff813bbe47:	44 8b 54 24 08       	mov    0x8(%rsp),%r10d
ffffffff813bbe4c:	49 c7 c4 c0 0c b2 83 	mov    $0xffffffff83b20cc0,%r12
ffffffff813bbe53:	41 bb 08 00 00 00    	mov    $0x8,%r11d
ffffffff813bbe59:	4c 89 e0             	mov    %r12,%rax
ffffffff813bbe5c:	48 03 04 d5 80 c0 86 	add    -0x7d793f80(,%rdx,8),%rax
ffffffff813bbe63:	82 
ffffffff813bbe64:	4c 8b b0 48 0b 00 00 	mov    0xb48(%rax),%r14
ffffffff813bbe6b:	4d 85 f6             	test   %r14,%r14
ffffffff813bbe6e:	0f 84 8f 01 00 00    	je     0xffffffff813bc003
ffffffff813bbe74:	44 89 d1             	mov    %r10d,%ecx
ffffffff813bbe77:	41 8b 46 3c          	mov    0x3c(%r14),%eax
ffffffff813bbe7b:	45 31 c9             	xor    %r9d,%r9d
ffffffff813bbe7e:	83 e1 0f             	and    $0xf,%ecx
ffffffff813bbe81:	85 db                	test   %ebx,%ebx
ffffffff813bbe83:	0f 85 66 04 00 00    	jne    0xffffffff813bc2ef
ffffffff813bbe89:	85 c1                	test   %eax,%ecx
ffffffff813bbe8b:	0f 84 84 00 00 00    	je     0xffffffff813bbf15
ffffffff813bbe91:	49 8b 16             	mov    (%r14),%rdx
ffffffff813bbe94:	48 85 d2             	test   %rdx,%rdx
ffffffff813bbe97:	74 79                	je     0xffffffff813bbf12
ffffffff813bbe99:	4d 89 f1             	mov    %r14,%r9
ffffffff813bbe9c:	8b 42 3c             	mov    0x3c(%rdx),%eax
ffffffff813bbe9f:	49 89 d6             	mov    %rdx,%r14
ffffffff813bbea2:	eb e5                	jmp    0xffffffff813bbe89
ffffffff813bbea4:	49 8b 85 20 03 00 00 	mov    0x320(%r13),%rax
ffffffff813bbeab:	89 e9                	mov    %ebp,%ecx
ffffffff813bbead:	48 0f a3 08          	bt     %rcx,(%rax)
ffffffff813bbeb1:	0f 83 56 ff ff ff    	jae    0xffffffff813bbe0d
ffffffff813bbeb7:	89 eb                	mov    %ebp,%ebx
ffffffff813bbeb9:	eb 74                	jmp    0xffffffff813bbf2f
ffffffff813bbebb:	44 89 54 24 08       	mov    %r10d,0x8(%rsp)
ffffffff813bbec0:	49 c7 c4 c0 0c b2 83 	mov    $0xffffffff83b20cc0,%r12
ffffffff813bbec7:	31 db                	xor    %ebx,%ebx
ffffffff813bbec9:	e8 62 25 05 00       	call   0xffffffff8140e430   <__rcu_read_lock>
ffffffff813bbece:	48 63 d5             	movslq %ebp,%rdx
ffffffff813bbed1:	4c 89 e0             	mov    %r12,%rax
ffffffff813bbed4:	45 31 db             	xor    %r11d,%r11d
ffffffff813bbed7:	48 03 04 d5 80 c0 86 	add    -0x7d793f80(,%rdx,8),%rax
ffffffff813bbede:	82 
ffffffff813bbedf:	44 8b 54 24 08       	mov    0x8(%rsp),%r10d
ffffffff813bbee4:	4c 8b b0 48 0b 00 00 	mov    0xb48(%rax),%r14
ffffffff813bbeeb:	4d 85 f6             	test   %r14,%r14
ffffffff813bbeee:	75 84                	jne    0xffffffff813bbe74
ffffffff813bbef0:	e9 c5 01 00 00       	jmp    0xffffffff813bc0ba
ffffffff813bbef5:	48 8b 05 84 da c4 01 	mov    0x1c4da84(%rip),%rax        # 0xffffffff83009980
ffffffff813bbefc:	d1 6a 48             	shrl   0x48(%rdx)
ffffffff813bbeff:	48 89 42 50          	mov    %rax,0x50(%rdx)
ffffffff813bbf03:	4c 3b 6a 58          	cmp    0x58(%rdx),%r13
ffffffff813bbf07:	0f 85 ee fe ff ff    	jne    0xffffffff813bbdfb
ffffffff813bbf0d:	e9 f1 fe ff ff       	jmp    0xffffffff813bbe03
ffffffff813bbf12:	4d 89 f1             	mov    %r14,%r9
ffffffff813bbf15:	4d 85 c9             	test   %r9,%r9
ffffffff813bbf18:	0f 85 70 06 00 00    	jne    0xffffffff813bc58e
ffffffff813bbf1e:	8b 1c 24             	mov    (%rsp),%ebx
ffffffff813bbf21:	45 85 db             	test   %r11d,%r11d
ffffffff813bbf24:	0f 85 dc 00 00 00    	jne    0xffffffff813bc006
ffffffff813bbf2a:	e8 e1 9d 05 00       	call   0xffffffff81415d10   <__rcu_read_unlock>
ffffffff813bbf2f:	48 8b 44 24 50       	mov    0x50(%rsp),%rax
ffffffff813bbf34:	65 48 2b 05 cc a0 74 	sub    %gs:0x274a0cc(%rip),%rax        # 0xffffffff83b06008
ffffffff813bbf3b:	02 
ffffffff813bbf3c:	0f 85 08 11 00 00    	jne    0xffffffff813bd04a
ffffffff813bbf42:	48 83 c4 58          	add    $0x58,%rsp
ffffffff813bbf46:	89 d8                	mov    %ebx,%eax
ffffffff813bbf48:	5b                   	pop    %rbx
ffffffff813bbf49:	5d                   	pop    %rbp
ffffffff813bbf4a:	41 5c                	pop    %r12
ffffffff813bbf4c:	41 5d                	pop    %r13
ffffffff813bbf4e:	41 5e                	pop    %r14
ffffffff813bbf50:	41 5f                	pop    %r15
ffffffff813bbf52:	31 d2                	xor    %edx,%edx
ffffffff813bbf54:	31 c9                	xor    %ecx,%ecx
ffffffff813bbf56:	31 f6                	xor    %esi,%esi
ffffffff813bbf58:	31 ff                	xor    %edi,%edi
ffffffff813bbf5a:	45 31 c0             	xor    %r8d,%r8d
ffffffff813bbf5d:	45 31 c9             	xor    %r9d,%r9d
ffffffff813bbf60:	45 31 d2             	xor    %r10d,%r10d
ffffffff813bbf63:	45 31 db             	xor    %r11d,%r11d
ffffffff813bbf66:	e9 a0 81 d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813bbf6b:	41 83 bd 18 03 00 00 	cmpl   $0x1,0x318(%r13)
ffffffff813bbf72:	01 
ffffffff813bbf73:	0f 84 47 fe ff ff    	je     0xffffffff813bbdc0
ffffffff813bbf79:	45 89 d4             	mov    %r10d,%r12d
ffffffff813bbf7c:	41 83 e4 06          	and    $0x6,%r12d
ffffffff813bbf80:	0f 84 3c 01 00 00    	je     0xffffffff813bc0c2
ffffffff813bbf86:	83 e3 08             	and    $0x8,%ebx
ffffffff813bbf89:	0f 84 31 fe ff ff    	je     0xffffffff813bbdc0
ffffffff813bbf8f:	89 ee                	mov    %ebp,%esi
ffffffff813bbf91:	4c 89 ef             	mov    %r13,%rdi
ffffffff813bbf94:	44 89 54 24 08       	mov    %r10d,0x8(%rsp)
ffffffff813bbf99:	e8 72 b1 ff ff       	call   0xffffffff813b7110   <vcpu_pack_room>
ffffffff813bbf9e:	44 8b 54 24 08       	mov    0x8(%rsp),%r10d
ffffffff813bbfa3:	84 c0                	test   %al,%al
ffffffff813bbfa5:	0f 84 15 fe ff ff    	je     0xffffffff813bbdc0
ffffffff813bbfab:	85 ed                	test   %ebp,%ebp
ffffffff813bbfad:	0f 88 0d fe ff ff    	js     0xffffffff813bbdc0
ffffffff813bbfb3:	89 eb                	mov    %ebp,%ebx
ffffffff813bbfb5:	e9 75 ff ff ff       	jmp    0xffffffff813bbf2f
ffffffff813bbfba:	49 8b 85 20 03 00 00 	mov    0x320(%r13),%rax
ffffffff813bbfc1:	89 ea                	mov    %ebp,%edx
ffffffff813bbfc3:	48 0f a3 10          	bt     %rdx,(%rax)
ffffffff813bbfc7:	49 c7 c4 c0 0c b2 83 	mov    $0xffffffff83b20cc0,%r12
ffffffff813bbfce:	0f 92 c3             	setb   %bl
ffffffff813bbfd1:	e8 5a 24 05 00       	call   0xffffffff8140e430   <__rcu_read_lock>
ffffffff813bbfd6:	48 63 d5             	movslq %ebp,%rdx
ffffffff813bbfd9:	4c 89 e0             	mov    %r12,%rax
ffffffff813bbfdc:	48 03 04 d5 80 c0 86 	add    -0x7d793f80(,%rdx,8),%rax
ffffffff813bbfe3:	82 
ffffffff813bbfe4:	4c 8b b0 48 0b 00 00 	mov    0xb48(%rax),%r14
ffffffff813bbfeb:	4d 85 f6             	test   %r14,%r14
ffffffff813bbfee:	74 13                	je     0xffffffff813bc003
ffffffff813bbff0:	44 8b 54 24 08       	mov    0x8(%rsp),%r10d
ffffffff813bbff5:	0f b6 db             	movzbl %bl,%ebx
ffffffff813bbff8:	41 bb 08 00 00 00    	mov    $0x8,%r11d
ffffffff813bbffe:	e9 71 fe ff ff       	jmp    0xffffffff813bbe74
ffffffff813bc003:	8b 1c 24             	mov    (%rsp),%ebx
ffffffff813bc006:	31 ed                	xor    %ebp,%ebp
ffffffff813bc008:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813bc00d:	89 df                	mov    %ebx,%edi
ffffffff813bc00f:	e8 cc b8 01 00       	call   0xffffffff813d78e0   <available_idle_cpu>
ffffffff813bc014:	85 c0                	test   %eax,%eax
ffffffff813bc016:	0f 85 d9 01 00 00    	jne    0xffffffff813bc1f5
ffffffff813bc01c:	48 63 f3             	movslq %ebx,%rsi
ffffffff813bc01f:	4c 89 e0             	mov    %r12,%rax
ffffffff813bc022:	48 03 04 f5 80 c0 86 	add    -0x7d793f80(,%rsi,8),%rax
ffffffff813bc029:	82 
ffffffff813bc02a:	48 89 74 24 08       	mov    %rsi,0x8(%rsp)
ffffffff813bc02f:	8b 50 04             	mov    0x4(%rax),%edx
ffffffff813bc032:	39 90 9c 00 00 00    	cmp    %edx,0x9c(%rax)
ffffffff813bc038:	75 08                	jne    0xffffffff813bc042
ffffffff813bc03a:	85 d2                	test   %edx,%edx
ffffffff813bc03c:	0f 85 b3 01 00 00    	jne    0xffffffff813bc1f5
ffffffff813bc042:	39 1c 24             	cmp    %ebx,(%rsp)
ffffffff813bc045:	74 12                	je     0xffffffff813bc059
ffffffff813bc047:	8b 3c 24             	mov    (%rsp),%edi
ffffffff813bc04a:	89 de                	mov    %ebx,%esi
ffffffff813bc04c:	e8 2f 48 ff ff       	call   0xffffffff813b0880   <cpus_share_cache>
ffffffff813bc051:	84 c0                	test   %al,%al
ffffffff813bc053:	0f 85 01 0d 00 00    	jne    0xffffffff813bcd5a
ffffffff813bc059:	c7 44 24 28 ff ff ff 	movl   $0xffffffff,0x28(%rsp)
ffffffff813bc060:	ff 
ffffffff813bc061:	65 48 8b 05 af 9f 74 	mov    %gs:0x2749faf(%rip),%rax        # 0xffffffff83b06018
ffffffff813bc068:	02 
ffffffff813bc069:	f6 40 2e 20          	testb  $0x20,0x2e(%rax)
ffffffff813bc06d:	0f 84 ec 01 00 00    	je     0xffffffff813bc25f
ffffffff813bc073:	83 b8 18 03 00 00 01 	cmpl   $0x1,0x318(%rax)
ffffffff813bc07a:	0f 85 df 01 00 00    	jne    0xffffffff813bc25f
ffffffff813bc080:	65 66 f7 05 a7 9f 74 	testw  $0xff01,%gs:0x2749fa7(%rip)        # 0xffffffff83b06031
ffffffff813bc087:	02 01 ff 
ffffffff813bc08a:	0f 85 cf 01 00 00    	jne    0xffffffff813bc25f
ffffffff813bc090:	8b 04 24             	mov    (%rsp),%eax
ffffffff813bc093:	65 3b 05 9a 9f 74 02 	cmp    %gs:0x2749f9a(%rip),%eax        # 0xffffffff83b06034
ffffffff813bc09a:	0f 85 bf 01 00 00    	jne    0xffffffff813bc25f
ffffffff813bc0a0:	65 48 8b 05 80 9f 74 	mov    %gs:0x2749f80(%rip),%rax        # 0xffffffff83b06028
ffffffff813bc0a7:	02 
ffffffff813bc0a8:	83 b8 c4 0c b2 83 01 	cmpl   $0x1,-0x7c4df33c(%rax)
ffffffff813bc0af:	0f 87 aa 01 00 00    	ja     0xffffffff813bc25f
ffffffff813bc0b5:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813bc0ba:	8b 1c 24             	mov    (%rsp),%ebx
ffffffff813bc0bd:	e9 68 fe ff ff       	jmp    0xffffffff813bbf2a
ffffffff813bc0c2:	41 f6 c2 08          	test   $0x8,%r10b
ffffffff813bc0c6:	0f 84 ef fd ff ff    	je     0xffffffff813bbebb
ffffffff813bc0cc:	f6 c3 01             	test   $0x1,%bl
ffffffff813bc0cf:	74 12                	je     0xffffffff813bc0e3
ffffffff813bc0d1:	65 48 8b 15 3f 9f 74 	mov    %gs:0x2749f3f(%rip),%rdx        # 0xffffffff83b06018
ffffffff813bc0d8:	02 
ffffffff813bc0d9:	f6 42 2c 02          	testb  $0x2,0x2c(%rdx)
ffffffff813bc0dd:	0f 85 a7 09 00 00    	jne    0xffffffff813bca8a
ffffffff813bc0e3:	f6 c3 02             	test   $0x2,%bl
ffffffff813bc0e6:	74 0a                	je     0xffffffff813bc0f2
ffffffff813bc0e8:	41 f6 c7 01          	test   $0x1,%r15b
ffffffff813bc0ec:	0f 85 7a 0b 00 00    	jne    0xffffffff813bcc6c
ffffffff813bc0f2:	83 e3 04             	and    $0x4,%ebx
ffffffff813bc0f5:	0f 84 a9 00 00 00    	je     0xffffffff813bc1a4
ffffffff813bc0fb:	8b 1c 24             	mov    (%rsp),%ebx
ffffffff813bc0fe:	44 89 54 24 08       	mov    %r10d,0x8(%rsp)
ffffffff813bc103:	89 df                	mov    %ebx,%edi
ffffffff813bc105:	e8 66 b7 01 00       	call   0xffffffff813d7870   <idle_cpu>
ffffffff813bc10a:	44 8b 54 24 08       	mov    0x8(%rsp),%r10d
ffffffff813bc10f:	85 c0                	test   %eax,%eax
ffffffff813bc111:	75 17                	jne    0xffffffff813bc12a
ffffffff813bc113:	89 de                	mov    %ebx,%esi
ffffffff813bc115:	4c 89 ef             	mov    %r13,%rdi
ffffffff813bc118:	e8 f3 af ff ff       	call   0xffffffff813b7110   <vcpu_pack_room>
ffffffff813bc11d:	44 8b 54 24 08       	mov    0x8(%rsp),%r10d
ffffffff813bc122:	84 c0                	test   %al,%al
ffffffff813bc124:	0f 85 73 0a 00 00    	jne    0xffffffff813bcb9d
ffffffff813bc12a:	89 ee                	mov    %ebp,%esi
ffffffff813bc12c:	4c 89 ef             	mov    %r13,%rdi
ffffffff813bc12f:	44 89 54 24 08       	mov    %r10d,0x8(%rsp)
ffffffff813bc134:	e8 d7 af ff ff       	call   0xffffffff813b7110   <vcpu_pack_room>
ffffffff813bc139:	44 8b 54 24 08       	mov    0x8(%rsp),%r10d
ffffffff813bc13e:	84 c0                	test   %al,%al
ffffffff813bc140:	0f 85 42 0b 00 00    	jne    0xffffffff813bcc88
ffffffff813bc146:	45 89 d6             	mov    %r10d,%r14d
ffffffff813bc149:	eb 04                	jmp    0xffffffff813bc14f
ffffffff813bc14b:	41 83 c4 01          	add    $0x1,%r12d
ffffffff813bc14f:	8b 15 7b 67 ea 01    	mov    0x1ea677b(%rip),%edx        # 0xffffffff832628d0
ffffffff813bc155:	49 8b bd 20 03 00 00 	mov    0x320(%r13),%rdi
ffffffff813bc15c:	49 63 cc             	movslq %r12d,%rcx
ffffffff813bc15f:	48 c7 c6 80 06 26 83 	mov    $0xffffffff83260680,%rsi
ffffffff813bc166:	e8 15 5f 7f 00       	call   0xffffffff81bb2080   <_find_next_and_bit>
ffffffff813bc16b:	3b 05 5f 67 ea 01    	cmp    0x1ea675f(%rip),%eax        # 0xffffffff832628d0
ffffffff813bc171:	49 89 c4             	mov    %rax,%r12
ffffffff813bc174:	0f 83 a8 05 00 00    	jae    0xffffffff813bc722
ffffffff813bc17a:	44 89 e7             	mov    %r12d,%edi
ffffffff813bc17d:	44 89 e3             	mov    %r12d,%ebx
ffffffff813bc180:	e8 eb b6 01 00       	call   0xffffffff813d7870   <idle_cpu>
ffffffff813bc185:	85 c0                	test   %eax,%eax
ffffffff813bc187:	75 c2                	jne    0xffffffff813bc14b
ffffffff813bc189:	44 89 e6             	mov    %r12d,%esi
ffffffff813bc18c:	4c 89 ef             	mov    %r13,%rdi
ffffffff813bc18f:	e8 7c af ff ff       	call   0xffffffff813b7110   <vcpu_pack_room>
ffffffff813bc194:	84 c0                	test   %al,%al
ffffffff813bc196:	74 b3                	je     0xffffffff813bc14b
ffffffff813bc198:	45 89 f2             	mov    %r14d,%r10d
ffffffff813bc19b:	45 85 e4             	test   %r12d,%r12d
ffffffff813bc19e:	0f 89 8b fd ff ff    	jns    0xffffffff813bbf2f
ffffffff813bc1a4:	65 48 8b 15 6c 9e 74 	mov    %gs:0x2749e6c(%rip),%rdx        # 0xffffffff83b06018
ffffffff813bc1ab:	02 
ffffffff813bc1ac:	e9 21 fc ff ff       	jmp    0xffffffff813bbdd2
ffffffff813bc1b1:	49 8b 85 28 01 00 00 	mov    0x128(%r13),%rax
ffffffff813bc1b8:	49 8d b5 80 00 00 00 	lea    0x80(%r13),%rsi
ffffffff813bc1bf:	48 8b b8 80 00 00 00 	mov    0x80(%rax),%rdi
ffffffff813bc1c6:	e8 d5 6a 01 00       	call   0xffffffff813d2ca0   <__update_load_avg_blocked_se>
ffffffff813bc1cb:	49 8b 85 70 01 00 00 	mov    0x170(%r13),%rax
ffffffff813bc1d2:	89 df                	mov    %ebx,%edi
ffffffff813bc1d4:	41 8b ad 78 01 00 00 	mov    0x178(%r13),%ebp
ffffffff813bc1db:	81 e5 ff ff ff 7f    	and    $0x7fffffff,%ebp
ffffffff813bc1e1:	48 39 c5             	cmp    %rax,%rbp
ffffffff813bc1e4:	48 0f 42 e8          	cmovb  %rax,%rbp
ffffffff813bc1e8:	e8 f3 b6 01 00       	call   0xffffffff813d78e0   <available_idle_cpu>
ffffffff813bc1ed:	85 c0                	test   %eax,%eax
ffffffff813bc1ef:	0f 84 27 fe ff ff    	je     0xffffffff813bc01c
ffffffff813bc1f5:	66 90                	xchg   %ax,%ax
ffffffff813bc1f7:	e9 2e fd ff ff       	jmp    0xffffffff813bbf2a
ffffffff813bc1fc:	48 63 f3             	movslq %ebx,%rsi
ffffffff813bc1ff:	4c 89 e0             	mov    %r12,%rax
ffffffff813bc202:	48 8d 54 ad 00       	lea    0x0(%rbp,%rbp,4),%rdx
ffffffff813bc207:	48 8b 0c f5 80 c0 86 	mov    -0x7d793f80(,%rsi,8),%rcx
ffffffff813bc20e:	82 
ffffffff813bc20f:	48 c1 e2 08          	shl    $0x8,%rdx
ffffffff813bc213:	48 89 74 24 08       	mov    %rsi,0x8(%rsp)
ffffffff813bc218:	48 8b 84 01 50 0b 00 	mov    0xb50(%rcx,%rax,1),%rax
ffffffff813bc21f:	00 
ffffffff813bc220:	48 c1 e0 0a          	shl    $0xa,%rax
ffffffff813bc224:	48 39 c2             	cmp    %rax,%rdx
ffffffff813bc227:	0f 83 15 fe ff ff    	jae    0xffffffff813bc042
ffffffff813bc22d:	e9 f8 fc ff ff       	jmp    0xffffffff813bbf2a
ffffffff813bc232:	4c 63 04 24          	movslq (%rsp),%r8
ffffffff813bc236:	4c 89 e0             	mov    %r12,%rax
ffffffff813bc239:	48 8d 54 ad 00       	lea    0x0(%rbp,%rbp,4),%rdx
ffffffff813bc23e:	4a 8b 0c c5 80 c0 86 	mov    -0x7d793f80(,%r8,8),%rcx
ffffffff813bc245:	82 
ffffffff813bc246:	48 c1 e2 08          	shl    $0x8,%rdx
ffffffff813bc24a:	48 8b 84 01 50 0b 00 	mov    0xb50(%rcx,%rax,1),%rax
ffffffff813bc251:	00 
ffffffff813bc252:	48 c1 e0 0a          	shl    $0xa,%rax
ffffffff813bc256:	48 39 c2             	cmp    %rax,%rdx
ffffffff813bc259:	0f 82 5b fe ff ff    	jb     0xffffffff813bc0ba
ffffffff813bc25f:	41 8b 45 60          	mov    0x60(%r13),%eax
ffffffff813bc263:	8b 3c 24             	mov    (%rsp),%edi
ffffffff813bc266:	89 44 24 18          	mov    %eax,0x18(%rsp)
ffffffff813bc26a:	41 89 7d 60          	mov    %edi,0x60(%r13)
ffffffff813bc26e:	39 c7                	cmp    %eax,%edi
ffffffff813bc270:	74 17                	je     0xffffffff813bc289
ffffffff813bc272:	39 c3                	cmp    %eax,%ebx
ffffffff813bc274:	74 13                	je     0xffffffff813bc289
ffffffff813bc276:	8b 7c 24 18          	mov    0x18(%rsp),%edi
ffffffff813bc27a:	89 de                	mov    %ebx,%esi
ffffffff813bc27c:	e8 ff 45 ff ff       	call   0xffffffff813b0880   <cpus_share_cache>
ffffffff813bc281:	84 c0                	test   %al,%al
ffffffff813bc283:	0f 85 26 09 00 00    	jne    0xffffffff813bcbaf
ffffffff813bc289:	c7 44 24 18 ff ff ff 	movl   $0xffffffff,0x18(%rsp)
ffffffff813bc290:	ff 
ffffffff813bc291:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813bc296:	48 8b 44 24 08       	mov    0x8(%rsp),%rax
ffffffff813bc29b:	48 8b 14 c5 80 c0 86 	mov    -0x7d793f80(,%rax,8),%rdx
ffffffff813bc2a2:	82 
ffffffff813bc2a3:	48 c7 c0 00 92 b0 83 	mov    $0xffffffff83b09200,%rax
ffffffff813bc2aa:	48 01 d0             	add    %rdx,%rax
ffffffff813bc2ad:	48 8b 28             	mov    (%rax),%rbp
ffffffff813bc2b0:	48 85 ed             	test   %rbp,%rbp
ffffffff813bc2b3:	0f 84 71 fc ff ff    	je     0xffffffff813bbf2a
ffffffff813bc2b9:	e9 6c 04 00 00       	jmp    0xffffffff813bc72a
ffffffff813bc2be:	48 c7 c0 e8 91 b0 83 	mov    $0xffffffff83b091e8,%rax
ffffffff813bc2c5:	48 01 d0             	add    %rdx,%rax
ffffffff813bc2c8:	48 8b 00             	mov    (%rax),%rax
ffffffff813bc2cb:	48 85 c0             	test   %rax,%rax
ffffffff813bc2ce:	0f 84 ff 07 00 00    	je     0xffffffff813bcad3
ffffffff813bc2d4:	8b 40 08             	mov    0x8(%rax),%eax
ffffffff813bc2d7:	85 c0                	test   %eax,%eax
ffffffff813bc2d9:	0f 84 f4 07 00 00    	je     0xffffffff813bcad3
ffffffff813bc2df:	c6 44 24 10 01       	movb   $0x1,0x10(%rsp)
ffffffff813bc2e4:	8b 15 e6 65 ea 01    	mov    0x1ea65e6(%rip),%edx        # 0xffffffff832628d0
ffffffff813bc2ea:	e9 46 04 00 00       	jmp    0xffffffff813bc735
ffffffff813bc2ef:	8b 3c 24             	mov    (%rsp),%edi
ffffffff813bc2f2:	a8 10                	test   $0x10,%al
ffffffff813bc2f4:	74 26                	je     0xffffffff813bc31c
ffffffff813bc2f6:	49 0f a3 be a0 00 00 	bt     %rdi,0xa0(%r14)
ffffffff813bc2fd:	00 
ffffffff813bc2fe:	72 37                	jb     0xffffffff813bc337
ffffffff813bc300:	89 c8                	mov    %ecx,%eax
ffffffff813bc302:	41 23 46 3c          	and    0x3c(%r14),%eax
ffffffff813bc306:	75 18                	jne    0xffffffff813bc320
ffffffff813bc308:	4d 8b 36             	mov    (%r14),%r14
ffffffff813bc30b:	4d 85 f6             	test   %r14,%r14
ffffffff813bc30e:	0f 84 01 fc ff ff    	je     0xffffffff813bbf15
ffffffff813bc314:	41 8b 46 3c          	mov    0x3c(%r14),%eax
ffffffff813bc318:	a8 10                	test   $0x10,%al
ffffffff813bc31a:	75 da                	jne    0xffffffff813bc2f6
ffffffff813bc31c:	85 c1                	test   %eax,%ecx
ffffffff813bc31e:	74 e8                	je     0xffffffff813bc308
ffffffff813bc320:	49 8b 36             	mov    (%r14),%rsi
ffffffff813bc323:	48 85 f6             	test   %rsi,%rsi
ffffffff813bc326:	0f 84 e6 fb ff ff    	je     0xffffffff813bbf12
ffffffff813bc32c:	4d 89 f1             	mov    %r14,%r9
ffffffff813bc32f:	8b 46 3c             	mov    0x3c(%rsi),%eax
ffffffff813bc332:	49 89 f6             	mov    %rsi,%r14
ffffffff813bc335:	eb bb                	jmp    0xffffffff813bc2f2
ffffffff813bc337:	3b 2c 24             	cmp    (%rsp),%ebp
ffffffff813bc33a:	0f 84 de fb ff ff    	je     0xffffffff813bbf1e
ffffffff813bc340:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813bc345:	89 ef                	mov    %ebp,%edi
ffffffff813bc347:	48 89 54 24 10       	mov    %rdx,0x10(%rsp)
ffffffff813bc34c:	44 89 5c 24 08       	mov    %r11d,0x8(%rsp)
ffffffff813bc351:	e8 8a b5 01 00       	call   0xffffffff813d78e0   <available_idle_cpu>
ffffffff813bc356:	44 8b 5c 24 08       	mov    0x8(%rsp),%r11d
ffffffff813bc35b:	48 8b 54 24 10       	mov    0x10(%rsp),%rdx
ffffffff813bc360:	85 c0                	test   %eax,%eax
ffffffff813bc362:	0f 85 46 0b 00 00    	jne    0xffffffff813bceae
ffffffff813bc368:	45 85 ff             	test   %r15d,%r15d
ffffffff813bc36b:	74 23                	je     0xffffffff813bc390
ffffffff813bc36d:	4c 89 e0             	mov    %r12,%rax
ffffffff813bc370:	48 03 04 d5 80 c0 86 	add    -0x7d793f80(,%rdx,8),%rax
ffffffff813bc377:	82 
ffffffff813bc378:	8b 88 98 00 00 00    	mov    0x98(%rax),%ecx
ffffffff813bc37e:	03 48 04             	add    0x4(%rax),%ecx
ffffffff813bc381:	2b 88 94 00 00 00    	sub    0x94(%rax),%ecx
ffffffff813bc387:	83 f9 01             	cmp    $0x1,%ecx
ffffffff813bc38a:	0f 84 a9 0c 00 00    	je     0xffffffff813bd039
ffffffff813bc390:	8b 3c 24             	mov    (%rsp),%edi
ffffffff813bc393:	48 89 54 24 10       	mov    %rdx,0x10(%rsp)
ffffffff813bc398:	44 89 5c 24 08       	mov    %r11d,0x8(%rsp)
ffffffff813bc39d:	e8 3e b5 01 00       	call   0xffffffff813d78e0   <available_idle_cpu>
ffffffff813bc3a2:	8b 1d 28 65 ea 01    	mov    0x1ea6528(%rip),%ebx        # 0xffffffff832628d0
ffffffff813bc3a8:	44 8b 5c 24 08       	mov    0x8(%rsp),%r11d
ffffffff813bc3ad:	85 c0                	test   %eax,%eax
ffffffff813bc3af:	48 8b 54 24 10       	mov    0x10(%rsp),%rdx
ffffffff813bc3b4:	0f 85 2a 0b 00 00    	jne    0xffffffff813bcee4
ffffffff813bc3ba:	66 90                	xchg   %ax,%ax
ffffffff813bc3bc:	3b 1d 0e 65 ea 01    	cmp    0x1ea650e(%rip),%ebx        # 0xffffffff832628d0
ffffffff813bc3c2:	0f 84 49 0b 00 00    	je     0xffffffff813bcf11
ffffffff813bc3c8:	39 dd                	cmp    %ebx,%ebp
ffffffff813bc3ca:	0f 85 4e fb ff ff    	jne    0xffffffff813bbf1e
ffffffff813bc3d0:	e9 4c fb ff ff       	jmp    0xffffffff813bbf21
ffffffff813bc3d5:	48 8b 7c 24 08       	mov    0x8(%rsp),%rdi
ffffffff813bc3da:	48 c7 c0 d0 91 b0 83 	mov    $0xffffffff83b091d0,%rax
ffffffff813bc3e1:	48 8b 14 fd 80 c0 86 	mov    -0x7d793f80(,%rdi,8),%rdx
ffffffff813bc3e8:	82 
ffffffff813bc3e9:	48 01 d0             	add    %rdx,%rax
ffffffff813bc3ec:	48 8b 00             	mov    (%rax),%rax
ffffffff813bc3ef:	48 85 c0             	test   %rax,%rax
ffffffff813bc3f2:	0f 84 ab fe ff ff    	je     0xffffffff813bc2a3
ffffffff813bc3f8:	65 48 8b 3d 28 9c 74 	mov    %gs:0x2749c28(%rip),%rdi        # 0xffffffff83b06028
ffffffff813bc3ff:	02 
ffffffff813bc400:	49 8b 95 20 03 00 00 	mov    0x320(%r13),%rdx
ffffffff813bc407:	48 8d b0 a0 00 00 00 	lea    0xa0(%rax),%rsi
ffffffff813bc40e:	8b 0d bc 64 ea 01    	mov    0x1ea64bc(%rip),%ecx        # 0xffffffff832628d0
ffffffff813bc414:	48 81 c7 e0 8f b0 83 	add    $0xffffffff83b08fe0,%rdi
ffffffff813bc41b:	48 89 3c 24          	mov    %rdi,(%rsp)
ffffffff813bc41f:	e8 7c bc 7e 00       	call   0xffffffff81ba80a0   <__bitmap_and>
ffffffff813bc424:	44 8b 3d a5 64 ea 01 	mov    0x1ea64a5(%rip),%r15d        # 0xffffffff832628d0
ffffffff813bc42b:	48 8b 3c 24          	mov    (%rsp),%rdi
ffffffff813bc42f:	48 8b 54 24 08       	mov    0x8(%rsp),%rdx
ffffffff813bc434:	49 8b ad 70 01 00 00 	mov    0x170(%r13),%rbp
ffffffff813bc43b:	4c 89 fe             	mov    %r15,%rsi
ffffffff813bc43e:	45 8b b5 78 01 00 00 	mov    0x178(%r13),%r14d
ffffffff813bc445:	4d 89 fd             	mov    %r15,%r13
ffffffff813bc448:	e8 83 5b 7f 00       	call   0xffffffff81bb1fd0   <_find_next_bit>
ffffffff813bc44d:	4c 39 f8             	cmp    %r15,%rax
ffffffff813bc450:	0f 82 fe 09 00 00    	jb     0xffffffff813bce54
ffffffff813bc456:	48 83 7c 24 08 00    	cmpq   $0x0,0x8(%rsp)
ffffffff813bc45c:	0f 84 f2 09 00 00    	je     0xffffffff813bce54
ffffffff813bc462:	48 8b 74 24 08       	mov    0x8(%rsp),%rsi
ffffffff813bc467:	48 8b 3c 24          	mov    (%rsp),%rdi
ffffffff813bc46b:	e8 00 59 7f 00       	call   0xffffffff81bb1d70   <_find_first_bit>
ffffffff813bc470:	48 3b 44 24 08       	cmp    0x8(%rsp),%rax
ffffffff813bc475:	44 0f 42 e8          	cmovb  %eax,%r13d
ffffffff813bc479:	4c 0f 42 f8          	cmovb  %rax,%r15
ffffffff813bc47d:	44 3b 2d 4c 64 ea 01 	cmp    0x1ea644c(%rip),%r13d        # 0xffffffff832628d0
ffffffff813bc484:	0f 83 a0 fa ff ff    	jae    0xffffffff813bbf2a
ffffffff813bc48a:	41 81 e6 ff ff ff 7f 	and    $0x7fffffff,%r14d
ffffffff813bc491:	48 89 e8             	mov    %rbp,%rax
ffffffff813bc494:	4d 89 e5             	mov    %r12,%r13
ffffffff813bc497:	4c 89 64 24 18       	mov    %r12,0x18(%rsp)
ffffffff813bc49c:	49 39 ee             	cmp    %rbp,%r14
ffffffff813bc49f:	89 5c 24 28          	mov    %ebx,0x28(%rsp)
ffffffff813bc4a3:	45 89 fc             	mov    %r15d,%r12d
ffffffff813bc4a6:	48 8b 5c 24 08       	mov    0x8(%rsp),%rbx
ffffffff813bc4ab:	49 0f 43 c6          	cmovae %r14,%rax
ffffffff813bc4af:	c7 44 24 20 ff ff ff 	movl   $0xffffffff,0x20(%rsp)
ffffffff813bc4b6:	ff 
ffffffff813bc4b7:	45 31 f6             	xor    %r14d,%r14d
ffffffff813bc4ba:	48 8d 04 80          	lea    (%rax,%rax,4),%rax
ffffffff813bc4be:	48 c1 e0 08          	shl    $0x8,%rax
ffffffff813bc4c2:	48 89 44 24 10       	mov    %rax,0x10(%rsp)
ffffffff813bc4c7:	eb 66                	jmp    0xffffffff813bc52f
ffffffff813bc4c9:	49 8d 44 15 00       	lea    0x0(%r13,%rdx,1),%rax
ffffffff813bc4ce:	8b 70 04             	mov    0x4(%rax),%esi
ffffffff813bc4d1:	39 b0 9c 00 00 00    	cmp    %esi,0x9c(%rax)
ffffffff813bc4d7:	75 04                	jne    0xffffffff813bc4dd
ffffffff813bc4d9:	85 f6                	test   %esi,%esi
ffffffff813bc4db:	75 7d                	jne    0xffffffff813bc55a
ffffffff813bc4dd:	41 8d 54 24 01       	lea    0x1(%r12),%edx
ffffffff813bc4e2:	44 8b 25 e7 63 ea 01 	mov    0x1ea63e7(%rip),%r12d        # 0xffffffff832628d0
ffffffff813bc4e9:	48 63 d2             	movslq %edx,%rdx
ffffffff813bc4ec:	4c 89 e5             	mov    %r12,%rbp
ffffffff813bc4ef:	48 39 d3             	cmp    %rdx,%rbx
ffffffff813bc4f2:	73 17                	jae    0xffffffff813bc50b
ffffffff813bc4f4:	48 8b 3c 24          	mov    (%rsp),%rdi
ffffffff813bc4f8:	4c 89 e6             	mov    %r12,%rsi
ffffffff813bc4fb:	e8 d0 5a 7f 00       	call   0xffffffff81bb1fd0   <_find_next_bit>
ffffffff813bc500:	31 d2                	xor    %edx,%edx
ffffffff813bc502:	4c 39 e0             	cmp    %r12,%rax
ffffffff813bc505:	0f 82 f9 07 00 00    	jb     0xffffffff813bcd04
ffffffff813bc50b:	48 8b 3c 24          	mov    (%rsp),%rdi
ffffffff813bc50f:	48 89 de             	mov    %rbx,%rsi
ffffffff813bc512:	e8 b9 5a 7f 00       	call   0xffffffff81bb1fd0   <_find_next_bit>
ffffffff813bc517:	48 39 d8             	cmp    %rbx,%rax
ffffffff813bc51a:	0f 42 e8             	cmovb  %eax,%ebp
ffffffff813bc51d:	4c 0f 42 e0          	cmovb  %rax,%r12
ffffffff813bc521:	8b 05 a9 63 ea 01    	mov    0x1ea63a9(%rip),%eax        # 0xffffffff832628d0
ffffffff813bc527:	39 c5                	cmp    %eax,%ebp
ffffffff813bc529:	0f 83 b5 08 00 00    	jae    0xffffffff813bcde4
ffffffff813bc52f:	4d 63 fc             	movslq %r12d,%r15
ffffffff813bc532:	44 89 e7             	mov    %r12d,%edi
ffffffff813bc535:	4a 8b 04 fd 80 c0 86 	mov    -0x7d793f80(,%r15,8),%rax
ffffffff813bc53c:	82 
ffffffff813bc53d:	4a 8b ac 28 50 0b 00 	mov    0xb50(%rax,%r13,1),%rbp
ffffffff813bc544:	00 
ffffffff813bc545:	e8 96 b3 01 00       	call   0xffffffff813d78e0   <available_idle_cpu>
ffffffff813bc54a:	4a 8b 14 fd 80 c0 86 	mov    -0x7d793f80(,%r15,8),%rdx
ffffffff813bc551:	82 
ffffffff813bc552:	85 c0                	test   %eax,%eax
ffffffff813bc554:	0f 84 6f ff ff ff    	je     0xffffffff813bc4c9
ffffffff813bc55a:	48 8b 44 24 18       	mov    0x18(%rsp),%rax
ffffffff813bc55f:	48 8b 84 10 50 0b 00 	mov    0xb50(%rax,%rdx,1),%rax
ffffffff813bc566:	00 
ffffffff813bc567:	48 c1 e0 0a          	shl    $0xa,%rax
ffffffff813bc56b:	48 39 44 24 10       	cmp    %rax,0x10(%rsp)
ffffffff813bc570:	0f 82 cf 08 00 00    	jb     0xffffffff813bce45
ffffffff813bc576:	8b 44 24 20          	mov    0x20(%rsp),%eax
ffffffff813bc57a:	49 39 ee             	cmp    %rbp,%r14
ffffffff813bc57d:	4c 0f 42 f5          	cmovb  %rbp,%r14
ffffffff813bc581:	41 0f 42 c4          	cmovb  %r12d,%eax
ffffffff813bc585:	89 44 24 20          	mov    %eax,0x20(%rsp)
ffffffff813bc589:	e9 4f ff ff ff       	jmp    0xffffffff813bc4dd
ffffffff813bc58e:	49 8b b5 20 03 00 00 	mov    0x320(%r13),%rsi
ffffffff813bc595:	8b 15 35 63 ea 01    	mov    0x1ea6335(%rip),%edx        # 0xffffffff832628d0
ffffffff813bc59b:	49 8d b9 a0 00 00 00 	lea    0xa0(%r9),%rdi
ffffffff813bc5a2:	89 4c 24 10          	mov    %ecx,0x10(%rsp)
ffffffff813bc5a6:	4c 89 4c 24 08       	mov    %r9,0x8(%rsp)
ffffffff813bc5ab:	44 89 54 24 18       	mov    %r10d,0x18(%rsp)
ffffffff813bc5b0:	e8 5b bd 7e 00       	call   0xffffffff81ba8310   <__bitmap_intersects>
ffffffff813bc5b5:	4c 8b 4c 24 08       	mov    0x8(%rsp),%r9
ffffffff813bc5ba:	8b 4c 24 10          	mov    0x10(%rsp),%ecx
ffffffff813bc5be:	84 c0                	test   %al,%al
ffffffff813bc5c0:	0f 84 f4 fa ff ff    	je     0xffffffff813bc0ba
ffffffff813bc5c6:	f6 44 24 18 04       	testb  $0x4,0x18(%rsp)
ffffffff813bc5cb:	0f 84 25 08 00 00    	je     0xffffffff813bcdf6
ffffffff813bc5d1:	89 6c 24 18          	mov    %ebp,0x18(%rsp)
ffffffff813bc5d5:	41 89 cf             	mov    %ecx,%r15d
ffffffff813bc5d8:	41 89 e8             	mov    %ebp,%r8d
ffffffff813bc5db:	4c 89 cb             	mov    %r9,%rbx
ffffffff813bc5de:	4c 89 24 24          	mov    %r12,(%rsp)
ffffffff813bc5e2:	44 89 f8             	mov    %r15d,%eax
ffffffff813bc5e5:	23 43 3c             	and    0x3c(%rbx),%eax
ffffffff813bc5e8:	0f 84 1f 06 00 00    	je     0xffffffff813bcc0d
ffffffff813bc5ee:	8b 54 24 18          	mov    0x18(%rsp),%edx
ffffffff813bc5f2:	4c 89 ee             	mov    %r13,%rsi
ffffffff813bc5f5:	48 89 df             	mov    %rbx,%rdi
ffffffff813bc5f8:	44 89 44 24 08       	mov    %r8d,0x8(%rsp)
ffffffff813bc5fd:	e8 ae b8 ff ff       	call   0xffffffff813b7eb0   <sched_balance_find_dst_group>
ffffffff813bc602:	44 8b 44 24 08       	mov    0x8(%rsp),%r8d
ffffffff813bc607:	48 85 c0             	test   %rax,%rax
ffffffff813bc60a:	0f 84 fd 05 00 00    	je     0xffffffff813bcc0d
ffffffff813bc610:	83 78 0c 01          	cmpl   $0x1,0xc(%rax)
ffffffff813bc614:	0f 84 a1 07 00 00    	je     0xffffffff813bcdbb
ffffffff813bc61a:	44 8b 44 24 18       	mov    0x18(%rsp),%r8d
ffffffff813bc61f:	44 89 7c 24 30       	mov    %r15d,0x30(%rsp)
ffffffff813bc624:	48 8d 68 28          	lea    0x28(%rax),%rbp
ffffffff813bc628:	31 c9                	xor    %ecx,%ecx
ffffffff813bc62a:	48 c7 44 24 08 00 00 	movq   $0x0,0x8(%rsp)
ffffffff813bc631:	00 00 
ffffffff813bc633:	41 bc ff ff ff ff    	mov    $0xffffffff,%r12d
ffffffff813bc639:	c7 44 24 10 ff ff ff 	movl   $0xffffffff,0x10(%rsp)
ffffffff813bc640:	ff 
ffffffff813bc641:	48 c7 44 24 28 ff ff 	movq   $0xffffffffffffffff,0x28(%rsp)
ffffffff813bc648:	ff ff 
ffffffff813bc64a:	48 89 5c 24 38       	mov    %rbx,0x38(%rsp)
ffffffff813bc64f:	44 89 44 24 20       	mov    %r8d,0x20(%rsp)
ffffffff813bc654:	eb 34                	jmp    0xffffffff813bc68a
ffffffff813bc656:	48 8b 83 28 0d 00 00 	mov    0xd28(%rbx),%rax
ffffffff813bc65d:	48 85 c0             	test   %rax,%rax
ffffffff813bc660:	0f 84 da 05 00 00    	je     0xffffffff813bcc40
ffffffff813bc666:	8b 40 44             	mov    0x44(%rax),%eax
ffffffff813bc669:	3b 44 24 10          	cmp    0x10(%rsp),%eax
ffffffff813bc66d:	0f 83 c7 05 00 00    	jae    0xffffffff813bcc3a
ffffffff813bc673:	48 8b b3 80 0c 00 00 	mov    0xc80(%rbx),%rsi
ffffffff813bc67a:	89 44 24 10          	mov    %eax,0x10(%rsp)
ffffffff813bc67e:	45 89 f4             	mov    %r14d,%r12d
ffffffff813bc681:	48 89 74 24 08       	mov    %rsi,0x8(%rsp)
ffffffff813bc686:	41 8d 4e 01          	lea    0x1(%r14),%ecx
ffffffff813bc68a:	8b 15 40 62 ea 01    	mov    0x1ea6240(%rip),%edx        # 0xffffffff832628d0
ffffffff813bc690:	49 8b b5 20 03 00 00 	mov    0x320(%r13),%rsi
ffffffff813bc697:	48 63 c9             	movslq %ecx,%rcx
ffffffff813bc69a:	48 89 ef             	mov    %rbp,%rdi
ffffffff813bc69d:	e8 de 59 7f 00       	call   0xffffffff81bb2080   <_find_next_and_bit>
ffffffff813bc6a2:	3b 05 28 62 ea 01    	cmp    0x1ea6228(%rip),%eax        # 0xffffffff832628d0
ffffffff813bc6a8:	49 89 c6             	mov    %rax,%r14
ffffffff813bc6ab:	0f 83 e4 05 00 00    	jae    0xffffffff813bcc95
ffffffff813bc6b1:	4d 63 fe             	movslq %r14d,%r15
ffffffff813bc6b4:	48 8b 04 24          	mov    (%rsp),%rax
ffffffff813bc6b8:	44 89 f7             	mov    %r14d,%edi
ffffffff813bc6bb:	4a 03 04 fd 80 c0 86 	add    -0x7d793f80(,%r15,8),%rax
ffffffff813bc6c2:	82 
ffffffff813bc6c3:	48 89 c3             	mov    %rax,%rbx
ffffffff813bc6c6:	8b 40 04             	mov    0x4(%rax),%eax
ffffffff813bc6c9:	39 83 9c 00 00 00    	cmp    %eax,0x9c(%rbx)
ffffffff813bc6cf:	75 08                	jne    0xffffffff813bc6d9
ffffffff813bc6d1:	85 c0                	test   %eax,%eax
ffffffff813bc6d3:	0f 85 c3 07 00 00    	jne    0xffffffff813bce9c
ffffffff813bc6d9:	e8 02 b2 01 00       	call   0xffffffff813d78e0   <available_idle_cpu>
ffffffff813bc6de:	85 c0                	test   %eax,%eax
ffffffff813bc6e0:	0f 85 70 ff ff ff    	jne    0xffffffff813bc656
ffffffff813bc6e6:	41 83 fc ff          	cmp    $0xffffffff,%r12d
ffffffff813bc6ea:	75 9a                	jne    0xffffffff813bc686
ffffffff813bc6ec:	4a 8b 14 fd 80 c0 86 	mov    -0x7d793f80(,%r15,8),%rdx
ffffffff813bc6f3:	82 
ffffffff813bc6f4:	48 8b 7c 24 28       	mov    0x28(%rsp),%rdi
ffffffff813bc6f9:	48 8b 04 24          	mov    (%rsp),%rax
ffffffff813bc6fd:	8b 74 24 20          	mov    0x20(%rsp),%esi
ffffffff813bc701:	48 8b 84 10 20 01 00 	mov    0x120(%rax,%rdx,1),%rax
ffffffff813bc708:	00 
ffffffff813bc709:	48 39 f8             	cmp    %rdi,%rax
ffffffff813bc70c:	41 0f 42 f6          	cmovb  %r14d,%esi
ffffffff813bc710:	48 0f 43 c7          	cmovae %rdi,%rax
ffffffff813bc714:	89 74 24 20          	mov    %esi,0x20(%rsp)
ffffffff813bc718:	48 89 44 24 28       	mov    %rax,0x28(%rsp)
ffffffff813bc71d:	e9 64 ff ff ff       	jmp    0xffffffff813bc686
ffffffff813bc722:	45 89 f2             	mov    %r14d,%r10d
ffffffff813bc725:	e9 7a fa ff ff       	jmp    0xffffffff813bc1a4
ffffffff813bc72a:	c6 44 24 10 00       	movb   $0x0,0x10(%rsp)
ffffffff813bc72f:	8b 15 9b 61 ea 01    	mov    0x1ea619b(%rip),%edx        # 0xffffffff832628d0
ffffffff813bc735:	49 8b 85 20 03 00 00 	mov    0x320(%r13),%rax
ffffffff813bc73c:	89 d1                	mov    %edx,%ecx
ffffffff813bc73e:	65 48 8b 3d e2 98 74 	mov    %gs:0x27498e2(%rip),%rdi        # 0xffffffff83b06028
ffffffff813bc745:	02 
ffffffff813bc746:	48 8d b5 a0 00 00 00 	lea    0xa0(%rbp),%rsi
ffffffff813bc74d:	c7 44 24 44 ff ff ff 	movl   $0xffffffff,0x44(%rsp)
ffffffff813bc754:	ff 
ffffffff813bc755:	48 81 c7 e0 8f b0 83 	add    $0xffffffff83b08fe0,%rdi
ffffffff813bc75c:	48 89 c2             	mov    %rax,%rdx
ffffffff813bc75f:	48 89 7c 24 20       	mov    %rdi,0x20(%rsp)
ffffffff813bc764:	e8 37 b9 7e 00       	call   0xffffffff81ba80a0   <__bitmap_and>
ffffffff813bc769:	66 90                	xchg   %ax,%ax
ffffffff813bc76b:	48 8b 74 24 08       	mov    0x8(%rsp),%rsi
ffffffff813bc770:	48 c7 c0 e8 91 b0 83 	mov    $0xffffffff83b091e8,%rax
ffffffff813bc777:	48 03 04 f5 80 c0 86 	add    -0x7d793f80(,%rsi,8),%rax
ffffffff813bc77e:	82 
ffffffff813bc77f:	48 8b 00             	mov    (%rax),%rax
ffffffff813bc782:	48 85 c0             	test   %rax,%rax
ffffffff813bc785:	74 29                	je     0xffffffff813bc7b0
ffffffff813bc787:	8b 40 0c             	mov    0xc(%rax),%eax
ffffffff813bc78a:	44 8d 68 01          	lea    0x1(%rax),%r13d
ffffffff813bc78e:	85 c0                	test   %eax,%eax
ffffffff813bc790:	75 24                	jne    0xffffffff813bc7b6
ffffffff813bc792:	8b 05 38 61 ea 01    	mov    0x1ea6138(%rip),%eax        # 0xffffffff832628d0
ffffffff813bc798:	39 44 24 28          	cmp    %eax,0x28(%rsp)
ffffffff813bc79c:	0f 82 30 06 00 00    	jb     0xffffffff813bcdd2
ffffffff813bc7a2:	8b 7c 24 18          	mov    0x18(%rsp),%edi
ffffffff813bc7a6:	39 c7                	cmp    %eax,%edi
ffffffff813bc7a8:	0f 42 df             	cmovb  %edi,%ebx
ffffffff813bc7ab:	e9 7a f7 ff ff       	jmp    0xffffffff813bbf2a
ffffffff813bc7b0:	41 bd ff ff ff 7f    	mov    $0x7fffffff,%r13d
ffffffff813bc7b6:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813bc7bb:	8d 6b 01             	lea    0x1(%rbx),%ebp
ffffffff813bc7be:	48 63 ed             	movslq %ebp,%rbp
ffffffff813bc7c1:	48 85 ed             	test   %rbp,%rbp
ffffffff813bc7c4:	0f 94 04 24          	sete   (%rsp)
ffffffff813bc7c8:	44 8b 3d 01 61 ea 01 	mov    0x1ea6101(%rip),%r15d        # 0xffffffff832628d0
ffffffff813bc7cf:	48 8b 7c 24 20       	mov    0x20(%rsp),%rdi
ffffffff813bc7d4:	48 89 ea             	mov    %rbp,%rdx
ffffffff813bc7d7:	4c 89 fe             	mov    %r15,%rsi
ffffffff813bc7da:	44 89 7c 24 30       	mov    %r15d,0x30(%rsp)
ffffffff813bc7df:	e8 ec 57 7f 00       	call   0xffffffff81bb1fd0   <_find_next_bit>
ffffffff813bc7e4:	4c 39 f8             	cmp    %r15,%rax
ffffffff813bc7e7:	0f 82 62 05 00 00    	jb     0xffffffff813bcd4f
ffffffff813bc7ed:	80 3c 24 00          	cmpb   $0x0,(%rsp)
ffffffff813bc7f1:	44 8b 44 24 30       	mov    0x30(%rsp),%r8d
ffffffff813bc7f6:	0f 85 53 05 00 00    	jne    0xffffffff813bcd4f
ffffffff813bc7fc:	48 8b 7c 24 20       	mov    0x20(%rsp),%rdi
ffffffff813bc801:	48 89 ee             	mov    %rbp,%rsi
ffffffff813bc804:	44 89 04 24          	mov    %r8d,(%rsp)
ffffffff813bc808:	e8 63 55 7f 00       	call   0xffffffff81bb1d70   <_find_first_bit>
ffffffff813bc80d:	44 8b 04 24          	mov    (%rsp),%r8d
ffffffff813bc811:	48 39 e8             	cmp    %rbp,%rax
ffffffff813bc814:	44 0f 42 c0          	cmovb  %eax,%r8d
ffffffff813bc818:	4c 0f 42 f8          	cmovb  %rax,%r15
ffffffff813bc81c:	8b 05 ae 60 ea 01    	mov    0x1ea60ae(%rip),%eax        # 0xffffffff832628d0
ffffffff813bc822:	41 39 c0             	cmp    %eax,%r8d
ffffffff813bc825:	0f 83 b9 07 00 00    	jae    0xffffffff813bcfe4
ffffffff813bc82b:	4c 89 24 24          	mov    %r12,(%rsp)
ffffffff813bc82f:	4c 8b 74 24 20       	mov    0x20(%rsp),%r14
ffffffff813bc834:	44 0f b6 64 24 10    	movzbl 0x10(%rsp),%r12d
ffffffff813bc83a:	89 5c 24 20          	mov    %ebx,0x20(%rsp)
ffffffff813bc83e:	44 89 fb             	mov    %r15d,%ebx
ffffffff813bc841:	e9 8e 00 00 00       	jmp    0xffffffff813bc8d4
ffffffff813bc846:	41 83 ed 01          	sub    $0x1,%r13d
ffffffff813bc84a:	45 85 ed             	test   %r13d,%r13d
ffffffff813bc84d:	0f 8e 88 05 00 00    	jle    0xffffffff813bcddb
ffffffff813bc853:	89 df                	mov    %ebx,%edi
ffffffff813bc855:	e8 86 b0 01 00       	call   0xffffffff813d78e0   <available_idle_cpu>
ffffffff813bc85a:	44 8b 3d 6f 60 ea 01 	mov    0x1ea606f(%rip),%r15d        # 0xffffffff832628d0
ffffffff813bc861:	85 c0                	test   %eax,%eax
ffffffff813bc863:	0f 85 98 00 00 00    	jne    0xffffffff813bc901
ffffffff813bc869:	48 63 d3             	movslq %ebx,%rdx
ffffffff813bc86c:	48 8b 04 24          	mov    (%rsp),%rax
ffffffff813bc870:	48 03 04 d5 80 c0 86 	add    -0x7d793f80(,%rdx,8),%rax
ffffffff813bc877:	82 
ffffffff813bc878:	8b 50 04             	mov    0x4(%rax),%edx
ffffffff813bc87b:	39 90 9c 00 00 00    	cmp    %edx,0x9c(%rax)
ffffffff813bc881:	75 04                	jne    0xffffffff813bc887
ffffffff813bc883:	85 d2                	test   %edx,%edx
ffffffff813bc885:	75 7a                	jne    0xffffffff813bc901
ffffffff813bc887:	c7 44 24 44 ff ff ff 	movl   $0xffffffff,0x44(%rsp)
ffffffff813bc88e:	ff 
ffffffff813bc88f:	8d 53 01             	lea    0x1(%rbx),%edx
ffffffff813bc892:	44 89 fb             	mov    %r15d,%ebx
ffffffff813bc895:	48 63 d2             	movslq %edx,%rdx
ffffffff813bc898:	48 39 d5             	cmp    %rdx,%rbp
ffffffff813bc89b:	73 12                	jae    0xffffffff813bc8af
ffffffff813bc89d:	48 89 de             	mov    %rbx,%rsi
ffffffff813bc8a0:	4c 89 f7             	mov    %r14,%rdi
ffffffff813bc8a3:	e8 28 57 7f 00       	call   0xffffffff81bb1fd0   <_find_next_bit>
ffffffff813bc8a8:	31 d2                	xor    %edx,%edx
ffffffff813bc8aa:	48 39 d8             	cmp    %rbx,%rax
ffffffff813bc8ad:	72 66                	jb     0xffffffff813bc915
ffffffff813bc8af:	48 89 ee             	mov    %rbp,%rsi
ffffffff813bc8b2:	4c 89 f7             	mov    %r14,%rdi
ffffffff813bc8b5:	e8 16 57 7f 00       	call   0xffffffff81bb1fd0   <_find_next_bit>
ffffffff813bc8ba:	48 39 e8             	cmp    %rbp,%rax
ffffffff813bc8bd:	44 0f 42 f8          	cmovb  %eax,%r15d
ffffffff813bc8c1:	48 0f 42 d8          	cmovb  %rax,%rbx
ffffffff813bc8c5:	8b 05 05 60 ea 01    	mov    0x1ea6005(%rip),%eax        # 0xffffffff832628d0
ffffffff813bc8cb:	41 39 c7             	cmp    %eax,%r15d
ffffffff813bc8ce:	0f 83 3a 04 00 00    	jae    0xffffffff813bcd0e
ffffffff813bc8d4:	45 84 e4             	test   %r12b,%r12b
ffffffff813bc8d7:	0f 84 69 ff ff ff    	je     0xffffffff813bc846
ffffffff813bc8dd:	48 8d 54 24 44       	lea    0x44(%rsp),%rdx
ffffffff813bc8e2:	4c 89 f6             	mov    %r14,%rsi
ffffffff813bc8e5:	89 df                	mov    %ebx,%edi
ffffffff813bc8e7:	e8 64 c5 ff ff       	call   0xffffffff813b8e50   <select_idle_core.isra.0>
ffffffff813bc8ec:	44 8b 3d dd 5f ea 01 	mov    0x1ea5fdd(%rip),%r15d        # 0xffffffff832628d0
ffffffff813bc8f3:	44 39 f8             	cmp    %r15d,%eax
ffffffff813bc8f6:	73 97                	jae    0xffffffff813bc88f
ffffffff813bc8f8:	89 c7                	mov    %eax,%edi
ffffffff813bc8fa:	89 fb                	mov    %edi,%ebx
ffffffff813bc8fc:	e9 29 f6 ff ff       	jmp    0xffffffff813bbf2a
ffffffff813bc901:	89 5c 24 44          	mov    %ebx,0x44(%rsp)
ffffffff813bc905:	44 39 fb             	cmp    %r15d,%ebx
ffffffff813bc908:	73 85                	jae    0xffffffff813bc88f
ffffffff813bc90a:	41 89 df             	mov    %ebx,%r15d
ffffffff813bc90d:	44 89 fb             	mov    %r15d,%ebx
ffffffff813bc910:	e9 15 f6 ff ff       	jmp    0xffffffff813bbf2a
ffffffff813bc915:	41 89 c7             	mov    %eax,%r15d
ffffffff813bc918:	48 89 c3             	mov    %rax,%rbx
ffffffff813bc91b:	eb a8                	jmp    0xffffffff813bc8c5
ffffffff813bc91d:	48 8b 45 10          	mov    0x10(%rbp),%rax
ffffffff813bc921:	f6 40 25 01          	testb  $0x1,0x25(%rax)
ffffffff813bc925:	0f 84 90 fe ff ff    	je     0xffffffff813bc7bb
ffffffff813bc92b:	44 8b 05 9e 5f ea 01 	mov    0x1ea5f9e(%rip),%r8d        # 0xffffffff832628d0
ffffffff813bc932:	8d 6b 01             	lea    0x1(%rbx),%ebp
ffffffff813bc935:	4c 8d 70 28          	lea    0x28(%rax),%r14
ffffffff813bc939:	48 63 ed             	movslq %ebp,%rbp
ffffffff813bc93c:	4c 89 f7             	mov    %r14,%rdi
ffffffff813bc93f:	48 85 ed             	test   %rbp,%rbp
ffffffff813bc942:	48 89 ea             	mov    %rbp,%rdx
ffffffff813bc945:	4c 89 c6             	mov    %r8,%rsi
ffffffff813bc948:	4c 89 44 24 30       	mov    %r8,0x30(%rsp)
ffffffff813bc94d:	0f 94 04 24          	sete   (%rsp)
ffffffff813bc951:	4d 89 c7             	mov    %r8,%r15
ffffffff813bc954:	e8 77 56 7f 00       	call   0xffffffff81bb1fd0   <_find_next_bit>
ffffffff813bc959:	48 3b 44 24 30       	cmp    0x30(%rsp),%rax
ffffffff813bc95e:	0f 82 fb 04 00 00    	jb     0xffffffff813bce5f
ffffffff813bc964:	80 3c 24 00          	cmpb   $0x0,(%rsp)
ffffffff813bc968:	0f 85 f1 04 00 00    	jne    0xffffffff813bce5f
ffffffff813bc96e:	48 89 ee             	mov    %rbp,%rsi
ffffffff813bc971:	4c 89 f7             	mov    %r14,%rdi
ffffffff813bc974:	e8 f7 53 7f 00       	call   0xffffffff81bb1d70   <_find_first_bit>
ffffffff813bc979:	4c 8b 44 24 30       	mov    0x30(%rsp),%r8
ffffffff813bc97e:	48 39 e8             	cmp    %rbp,%rax
ffffffff813bc981:	44 0f 42 f8          	cmovb  %eax,%r15d
ffffffff813bc985:	4c 0f 42 c0          	cmovb  %rax,%r8
ffffffff813bc989:	8b 05 41 5f ea 01    	mov    0x1ea5f41(%rip),%eax        # 0xffffffff832628d0
ffffffff813bc98f:	41 39 c7             	cmp    %eax,%r15d
ffffffff813bc992:	0f 83 96 04 00 00    	jae    0xffffffff813bce2e
ffffffff813bc998:	4c 89 64 24 30       	mov    %r12,0x30(%rsp)
ffffffff813bc99d:	45 89 c4             	mov    %r8d,%r12d
ffffffff813bc9a0:	89 5c 24 38          	mov    %ebx,0x38(%rsp)
ffffffff813bc9a4:	48 8b 5c 24 20       	mov    0x20(%rsp),%rbx
ffffffff813bc9a9:	e9 9a 00 00 00       	jmp    0xffffffff813bca48
ffffffff813bc9ae:	41 83 ed 01          	sub    $0x1,%r13d
ffffffff813bc9b2:	45 85 ed             	test   %r13d,%r13d
ffffffff813bc9b5:	0f 8e 31 05 00 00    	jle    0xffffffff813bceec
ffffffff813bc9bb:	44 89 e7             	mov    %r12d,%edi
ffffffff813bc9be:	e8 1d af 01 00       	call   0xffffffff813d78e0   <available_idle_cpu>
ffffffff813bc9c3:	44 8b 3d 06 5f ea 01 	mov    0x1ea5f06(%rip),%r15d        # 0xffffffff832628d0
ffffffff813bc9ca:	85 c0                	test   %eax,%eax
ffffffff813bc9cc:	0f 85 50 02 00 00    	jne    0xffffffff813bcc22
ffffffff813bc9d2:	49 63 d4             	movslq %r12d,%rdx
ffffffff813bc9d5:	48 8b 44 24 30       	mov    0x30(%rsp),%rax
ffffffff813bc9da:	48 03 04 d5 80 c0 86 	add    -0x7d793f80(,%rdx,8),%rax
ffffffff813bc9e1:	82 
ffffffff813bc9e2:	8b 50 04             	mov    0x4(%rax),%edx
ffffffff813bc9e5:	39 90 9c 00 00 00    	cmp    %edx,0x9c(%rax)
ffffffff813bc9eb:	75 08                	jne    0xffffffff813bc9f5
ffffffff813bc9ed:	85 d2                	test   %edx,%edx
ffffffff813bc9ef:	0f 85 2d 02 00 00    	jne    0xffffffff813bcc22
ffffffff813bc9f5:	c7 44 24 44 ff ff ff 	movl   $0xffffffff,0x44(%rsp)
ffffffff813bc9fc:	ff 
ffffffff813bc9fd:	41 8d 54 24 01       	lea    0x1(%r12),%edx
ffffffff813bca02:	45 89 fc             	mov    %r15d,%r12d
ffffffff813bca05:	48 63 d2             	movslq %edx,%rdx
ffffffff813bca08:	48 39 d5             	cmp    %rdx,%rbp
ffffffff813bca0b:	73 16                	jae    0xffffffff813bca23
ffffffff813bca0d:	4c 89 e6             	mov    %r12,%rsi
ffffffff813bca10:	4c 89 f7             	mov    %r14,%rdi
ffffffff813bca13:	e8 b8 55 7f 00       	call   0xffffffff81bb1fd0   <_find_next_bit>
ffffffff813bca18:	31 d2                	xor    %edx,%edx
ffffffff813bca1a:	4c 39 e0             	cmp    %r12,%rax
ffffffff813bca1d:	0f 82 3e 02 00 00    	jb     0xffffffff813bcc61
ffffffff813bca23:	48 89 ee             	mov    %rbp,%rsi
ffffffff813bca26:	4c 89 f7             	mov    %r14,%rdi
ffffffff813bca29:	e8 a2 55 7f 00       	call   0xffffffff81bb1fd0   <_find_next_bit>
ffffffff813bca2e:	48 39 e8             	cmp    %rbp,%rax
ffffffff813bca31:	44 0f 42 f8          	cmovb  %eax,%r15d
ffffffff813bca35:	4c 0f 42 e0          	cmovb  %rax,%r12
ffffffff813bca39:	8b 05 91 5e ea 01    	mov    0x1ea5e91(%rip),%eax        # 0xffffffff832628d0
ffffffff813bca3f:	41 39 c7             	cmp    %eax,%r15d
ffffffff813bca42:	0f 83 dd 03 00 00    	jae    0xffffffff813bce25
ffffffff813bca48:	45 89 f8             	mov    %r15d,%r8d
ffffffff813bca4b:	4c 0f a3 03          	bt     %r8,(%rbx)
ffffffff813bca4f:	44 8b 3d 7a 5e ea 01 	mov    0x1ea5e7a(%rip),%r15d        # 0xffffffff832628d0
ffffffff813bca56:	73 a5                	jae    0xffffffff813bc9fd
ffffffff813bca58:	80 7c 24 10 00       	cmpb   $0x0,0x10(%rsp)
ffffffff813bca5d:	0f 84 4b ff ff ff    	je     0xffffffff813bc9ae
ffffffff813bca63:	48 8d 54 24 44       	lea    0x44(%rsp),%rdx
ffffffff813bca68:	48 89 de             	mov    %rbx,%rsi
ffffffff813bca6b:	44 89 e7             	mov    %r12d,%edi
ffffffff813bca6e:	e8 dd c3 ff ff       	call   0xffffffff813b8e50   <select_idle_core.isra.0>
ffffffff813bca73:	44 8b 3d 56 5e ea 01 	mov    0x1ea5e56(%rip),%r15d        # 0xffffffff832628d0
ffffffff813bca7a:	44 39 f8             	cmp    %r15d,%eax
ffffffff813bca7d:	0f 83 7a ff ff ff    	jae    0xffffffff813bc9fd
ffffffff813bca83:	89 c7                	mov    %eax,%edi
ffffffff813bca85:	e9 70 fe ff ff       	jmp    0xffffffff813bc8fa
ffffffff813bca8a:	48 63 cd             	movslq %ebp,%rcx
ffffffff813bca8d:	48 c7 c0 c0 0c b2 83 	mov    $0xffffffff83b20cc0,%rax
ffffffff813bca94:	48 8b 0c cd 80 c0 86 	mov    -0x7d793f80(,%rcx,8),%rcx
ffffffff813bca9b:	82 
ffffffff813bca9c:	8b 44 01 04          	mov    0x4(%rcx,%rax,1),%eax
ffffffff813bcaa0:	85 c0                	test   %eax,%eax
ffffffff813bcaa2:	0f 85 3b f6 ff ff    	jne    0xffffffff813bc0e3
ffffffff813bcaa8:	49 8b 85 20 03 00 00 	mov    0x320(%r13),%rax
ffffffff813bcaaf:	89 e9                	mov    %ebp,%ecx
ffffffff813bcab1:	48 0f a3 08          	bt     %rcx,(%rax)
ffffffff813bcab5:	0f 83 28 f6 ff ff    	jae    0xffffffff813bc0e3
ffffffff813bcabb:	85 ed                	test   %ebp,%ebp
ffffffff813bcabd:	0f 88 0f f3 ff ff    	js     0xffffffff813bbdd2
ffffffff813bcac3:	e9 ef f3 ff ff       	jmp    0xffffffff813bbeb7
ffffffff813bcac8:	8b 1d 02 5e ea 01    	mov    0x1ea5e02(%rip),%ebx        # 0xffffffff832628d0
ffffffff813bcace:	e9 e7 f8 ff ff       	jmp    0xffffffff813bc3ba
ffffffff813bcad3:	8b 3c 24             	mov    (%rsp),%edi
ffffffff813bcad6:	89 de                	mov    %ebx,%esi
ffffffff813bcad8:	e8 a3 3d ff ff       	call   0xffffffff813b0880   <cpus_share_cache>
ffffffff813bcadd:	8b 15 ed 5d ea 01    	mov    0x1ea5ded(%rip),%edx        # 0xffffffff832628d0
ffffffff813bcae3:	88 44 24 10          	mov    %al,0x10(%rsp)
ffffffff813bcae7:	84 c0                	test   %al,%al
ffffffff813bcae9:	0f 84 46 fc ff ff    	je     0xffffffff813bc735
ffffffff813bcaef:	8b 34 24             	mov    (%rsp),%esi
ffffffff813bcaf2:	89 5c 24 10          	mov    %ebx,0x10(%rsp)
ffffffff813bcaf6:	49 c7 c7 60 62 b0 83 	mov    $0xffffffff83b06260,%r15
ffffffff813bcafd:	31 c9                	xor    %ecx,%ecx
ffffffff813bcaff:	4c 89 24 24          	mov    %r12,(%rsp)
ffffffff813bcb03:	49 89 ec             	mov    %rbp,%r12
ffffffff813bcb06:	48 63 de             	movslq %esi,%rbx
ffffffff813bcb09:	89 f5                	mov    %esi,%ebp
ffffffff813bcb0b:	eb 52                	jmp    0xffffffff813bcb5f
ffffffff813bcb0d:	44 39 f5             	cmp    %r14d,%ebp
ffffffff813bcb10:	74 49                	je     0xffffffff813bcb5b
ffffffff813bcb12:	44 89 f0             	mov    %r14d,%eax
ffffffff813bcb15:	49 0f a3 84 24 a0 00 	bt     %rax,0xa0(%r12)
ffffffff813bcb1c:	00 00 
ffffffff813bcb1e:	8b 15 ac 5d ea 01    	mov    0x1ea5dac(%rip),%edx        # 0xffffffff832628d0
ffffffff813bcb24:	73 35                	jae    0xffffffff813bcb5b
ffffffff813bcb26:	e8 b5 ad 01 00       	call   0xffffffff813d78e0   <available_idle_cpu>
ffffffff813bcb2b:	8b 15 9f 5d ea 01    	mov    0x1ea5d9f(%rip),%edx        # 0xffffffff832628d0
ffffffff813bcb31:	85 c0                	test   %eax,%eax
ffffffff813bcb33:	0f 85 bc 03 00 00    	jne    0xffffffff813bcef5
ffffffff813bcb39:	49 63 f6             	movslq %r14d,%rsi
ffffffff813bcb3c:	48 8b 04 24          	mov    (%rsp),%rax
ffffffff813bcb40:	48 03 04 f5 80 c0 86 	add    -0x7d793f80(,%rsi,8),%rax
ffffffff813bcb47:	82 
ffffffff813bcb48:	8b 70 04             	mov    0x4(%rax),%esi
ffffffff813bcb4b:	39 b0 9c 00 00 00    	cmp    %esi,0x9c(%rax)
ffffffff813bcb51:	75 08                	jne    0xffffffff813bcb5b
ffffffff813bcb53:	85 f6                	test   %esi,%esi
ffffffff813bcb55:	0f 85 9a 03 00 00    	jne    0xffffffff813bcef5
ffffffff813bcb5b:	41 8d 4e 01          	lea    0x1(%r14),%ecx
ffffffff813bcb5f:	48 8b 3c dd 80 c0 86 	mov    -0x7d793f80(,%rbx,8),%rdi
ffffffff813bcb66:	82 
ffffffff813bcb67:	49 8b b5 20 03 00 00 	mov    0x320(%r13),%rsi
ffffffff813bcb6e:	48 63 c9             	movslq %ecx,%rcx
ffffffff813bcb71:	4c 01 ff             	add    %r15,%rdi
ffffffff813bcb74:	e8 07 55 7f 00       	call   0xffffffff81bb2080   <_find_next_and_bit>
ffffffff813bcb79:	8b 15 51 5d ea 01    	mov    0x1ea5d51(%rip),%edx        # 0xffffffff832628d0
ffffffff813bcb7f:	49 89 c6             	mov    %rax,%r14
ffffffff813bcb82:	89 c7                	mov    %eax,%edi
ffffffff813bcb84:	39 d0                	cmp    %edx,%eax
ffffffff813bcb86:	72 85                	jb     0xffffffff813bcb0d
ffffffff813bcb88:	8b 5c 24 10          	mov    0x10(%rsp),%ebx
ffffffff813bcb8c:	4c 89 e5             	mov    %r12,%rbp
ffffffff813bcb8f:	4c 8b 24 24          	mov    (%rsp),%r12
ffffffff813bcb93:	c6 44 24 10 00       	movb   $0x0,0x10(%rsp)
ffffffff813bcb98:	e9 98 fb ff ff       	jmp    0xffffffff813bc735
ffffffff813bcb9d:	8b 04 24             	mov    (%rsp),%eax
ffffffff813bcba0:	89 c3                	mov    %eax,%ebx
ffffffff813bcba2:	85 c0                	test   %eax,%eax
ffffffff813bcba4:	0f 88 fa f5 ff ff    	js     0xffffffff813bc1a4
ffffffff813bcbaa:	e9 80 f3 ff ff       	jmp    0xffffffff813bbf2f
ffffffff813bcbaf:	44 8b 7c 24 18       	mov    0x18(%rsp),%r15d
ffffffff813bcbb4:	44 89 ff             	mov    %r15d,%edi
ffffffff813bcbb7:	e8 24 ad 01 00       	call   0xffffffff813d78e0   <available_idle_cpu>
ffffffff813bcbbc:	85 c0                	test   %eax,%eax
ffffffff813bcbbe:	75 25                	jne    0xffffffff813bcbe5
ffffffff813bcbc0:	49 63 d7             	movslq %r15d,%rdx
ffffffff813bcbc3:	4c 89 e0             	mov    %r12,%rax
ffffffff813bcbc6:	48 03 04 d5 80 c0 86 	add    -0x7d793f80(,%rdx,8),%rax
ffffffff813bcbcd:	82 
ffffffff813bcbce:	8b 50 04             	mov    0x4(%rax),%edx
ffffffff813bcbd1:	39 90 9c 00 00 00    	cmp    %edx,0x9c(%rax)
ffffffff813bcbd7:	0f 85 ac f6 ff ff    	jne    0xffffffff813bc289
ffffffff813bcbdd:	85 d2                	test   %edx,%edx
ffffffff813bcbdf:	0f 84 a4 f6 ff ff    	je     0xffffffff813bc289
ffffffff813bcbe5:	49 8b 85 20 03 00 00 	mov    0x320(%r13),%rax
ffffffff813bcbec:	8b 54 24 18          	mov    0x18(%rsp),%edx
ffffffff813bcbf0:	48 0f a3 10          	bt     %rdx,(%rax)
ffffffff813bcbf4:	0f 83 8f f6 ff ff    	jae    0xffffffff813bc289
ffffffff813bcbfa:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813bcbff:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813bcc04:	8b 5c 24 18          	mov    0x18(%rsp),%ebx
ffffffff813bcc08:	e9 1d f3 ff ff       	jmp    0xffffffff813bbf2a
ffffffff813bcc0d:	48 8b 5b 08          	mov    0x8(%rbx),%rbx
ffffffff813bcc11:	48 85 db             	test   %rbx,%rbx
ffffffff813bcc14:	0f 85 c8 f9 ff ff    	jne    0xffffffff813bc5e2
ffffffff813bcc1a:	44 89 c3             	mov    %r8d,%ebx
ffffffff813bcc1d:	e9 08 f3 ff ff       	jmp    0xffffffff813bbf2a
ffffffff813bcc22:	44 89 64 24 44       	mov    %r12d,0x44(%rsp)
ffffffff813bcc27:	45 39 fc             	cmp    %r15d,%r12d
ffffffff813bcc2a:	0f 83 cd fd ff ff    	jae    0xffffffff813bc9fd
ffffffff813bcc30:	44 89 e7             	mov    %r12d,%edi
ffffffff813bcc33:	89 fb                	mov    %edi,%ebx
ffffffff813bcc35:	e9 f0 f2 ff ff       	jmp    0xffffffff813bbf2a
ffffffff813bcc3a:	0f 85 46 fa ff ff    	jne    0xffffffff813bc686
ffffffff813bcc40:	48 8b 7c 24 08       	mov    0x8(%rsp),%rdi
ffffffff813bcc45:	48 8b 83 80 0c 00 00 	mov    0xc80(%rbx),%rax
ffffffff813bcc4c:	48 39 c7             	cmp    %rax,%rdi
ffffffff813bcc4f:	48 0f 43 c7          	cmovae %rdi,%rax
ffffffff813bcc53:	45 0f 42 e6          	cmovb  %r14d,%r12d
ffffffff813bcc57:	48 89 44 24 08       	mov    %rax,0x8(%rsp)
ffffffff813bcc5c:	e9 25 fa ff ff       	jmp    0xffffffff813bc686
ffffffff813bcc61:	41 89 c7             	mov    %eax,%r15d
ffffffff813bcc64:	49 89 c4             	mov    %rax,%r12
ffffffff813bcc67:	e9 cd fd ff ff       	jmp    0xffffffff813bca39
ffffffff813bcc6c:	89 ee                	mov    %ebp,%esi
ffffffff813bcc6e:	4c 89 ef             	mov    %r13,%rdi
ffffffff813bcc71:	44 89 54 24 08       	mov    %r10d,0x8(%rsp)
ffffffff813bcc76:	e8 95 a4 ff ff       	call   0xffffffff813b7110   <vcpu_pack_room>
ffffffff813bcc7b:	44 8b 54 24 08       	mov    0x8(%rsp),%r10d
ffffffff813bcc80:	84 c0                	test   %al,%al
ffffffff813bcc82:	0f 84 6a f4 ff ff    	je     0xffffffff813bc0f2
ffffffff813bcc88:	85 ed                	test   %ebp,%ebp
ffffffff813bcc8a:	0f 88 14 f5 ff ff    	js     0xffffffff813bc1a4
ffffffff813bcc90:	e9 22 f2 ff ff       	jmp    0xffffffff813bbeb7
ffffffff813bcc95:	44 8b 44 24 20       	mov    0x20(%rsp),%r8d
ffffffff813bcc9a:	41 83 fc ff          	cmp    $0xffffffff,%r12d
ffffffff813bcc9e:	44 8b 7c 24 30       	mov    0x30(%rsp),%r15d
ffffffff813bcca3:	48 8b 5c 24 38       	mov    0x38(%rsp),%rbx
ffffffff813bcca8:	45 0f 45 c4          	cmovne %r12d,%r8d
ffffffff813bccac:	44 3b 44 24 18       	cmp    0x18(%rsp),%r8d
ffffffff813bccb1:	0f 84 56 ff ff ff    	je     0xffffffff813bcc0d
ffffffff813bccb7:	49 63 d0             	movslq %r8d,%rdx
ffffffff813bccba:	48 8b 04 24          	mov    (%rsp),%rax
ffffffff813bccbe:	48 03 04 d5 80 c0 86 	add    -0x7d793f80(,%rdx,8),%rax
ffffffff813bccc5:	82 
ffffffff813bccc6:	48 8b 80 48 0b 00 00 	mov    0xb48(%rax),%rax
ffffffff813bcccd:	48 85 c0             	test   %rax,%rax
ffffffff813bccd0:	0f 84 44 ff ff ff    	je     0xffffffff813bcc1a
ffffffff813bccd6:	8b b3 98 00 00 00    	mov    0x98(%rbx),%esi
ffffffff813bccdc:	31 db                	xor    %ebx,%ebx
ffffffff813bccde:	eb 12                	jmp    0xffffffff813bccf2
ffffffff813bcce0:	44 89 fa             	mov    %r15d,%edx
ffffffff813bcce3:	23 50 3c             	and    0x3c(%rax),%edx
ffffffff813bcce6:	48 0f 45 d8          	cmovne %rax,%rbx
ffffffff813bccea:	48 8b 00             	mov    (%rax),%rax
ffffffff813bcced:	48 85 c0             	test   %rax,%rax
ffffffff813bccf0:	74 08                	je     0xffffffff813bccfa
ffffffff813bccf2:	39 b0 98 00 00 00    	cmp    %esi,0x98(%rax)
ffffffff813bccf8:	72 e6                	jb     0xffffffff813bcce0
ffffffff813bccfa:	44 89 44 24 18       	mov    %r8d,0x18(%rsp)
ffffffff813bccff:	e9 0d ff ff ff       	jmp    0xffffffff813bcc11
ffffffff813bcd04:	89 c5                	mov    %eax,%ebp
ffffffff813bcd06:	49 89 c4             	mov    %rax,%r12
ffffffff813bcd09:	e9 13 f8 ff ff       	jmp    0xffffffff813bc521
ffffffff813bcd0e:	8b 5c 24 20          	mov    0x20(%rsp),%ebx
ffffffff813bcd12:	44 8b 7c 24 44       	mov    0x44(%rsp),%r15d
ffffffff813bcd17:	80 7c 24 10 00       	cmpb   $0x0,0x10(%rsp)
ffffffff813bcd1c:	74 23                	je     0xffffffff813bcd41
ffffffff813bcd1e:	48 8b 74 24 08       	mov    0x8(%rsp),%rsi
ffffffff813bcd23:	48 c7 c2 e8 91 b0 83 	mov    $0xffffffff83b091e8,%rdx
ffffffff813bcd2a:	48 03 14 f5 80 c0 86 	add    -0x7d793f80(,%rsi,8),%rdx
ffffffff813bcd31:	82 
ffffffff813bcd32:	48 8b 12             	mov    (%rdx),%rdx
ffffffff813bcd35:	48 85 d2             	test   %rdx,%rdx
ffffffff813bcd38:	74 07                	je     0xffffffff813bcd41
ffffffff813bcd3a:	c7 42 08 00 00 00 00 	movl   $0x0,0x8(%rdx)
ffffffff813bcd41:	41 39 c7             	cmp    %eax,%r15d
ffffffff813bcd44:	0f 83 4e fa ff ff    	jae    0xffffffff813bc798
ffffffff813bcd4a:	e9 be fb ff ff       	jmp    0xffffffff813bc90d
ffffffff813bcd4f:	41 89 c0             	mov    %eax,%r8d
ffffffff813bcd52:	49 89 c7             	mov    %rax,%r15
ffffffff813bcd55:	e9 c2 fa ff ff       	jmp    0xffffffff813bc81c
ffffffff813bcd5a:	44 8b 3c 24          	mov    (%rsp),%r15d
ffffffff813bcd5e:	44 89 ff             	mov    %r15d,%edi
ffffffff813bcd61:	e8 7a ab 01 00       	call   0xffffffff813d78e0   <available_idle_cpu>
ffffffff813bcd66:	85 c0                	test   %eax,%eax
ffffffff813bcd68:	75 25                	jne    0xffffffff813bcd8f
ffffffff813bcd6a:	4d 63 c7             	movslq %r15d,%r8
ffffffff813bcd6d:	4c 89 e0             	mov    %r12,%rax
ffffffff813bcd70:	4a 03 04 c5 80 c0 86 	add    -0x7d793f80(,%r8,8),%rax
ffffffff813bcd77:	82 
ffffffff813bcd78:	8b 50 04             	mov    0x4(%rax),%edx
ffffffff813bcd7b:	39 90 9c 00 00 00    	cmp    %edx,0x9c(%rax)
ffffffff813bcd81:	0f 85 d2 f2 ff ff    	jne    0xffffffff813bc059
ffffffff813bcd87:	85 d2                	test   %edx,%edx
ffffffff813bcd89:	0f 84 ca f2 ff ff    	je     0xffffffff813bc059
ffffffff813bcd8f:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813bcd94:	66 90                	xchg   %ax,%ax
ffffffff813bcd96:	e9 1f f3 ff ff       	jmp    0xffffffff813bc0ba
ffffffff813bcd9b:	44 8b 3c 24          	mov    (%rsp),%r15d
ffffffff813bcd9f:	89 de                	mov    %ebx,%esi
ffffffff813bcda1:	44 89 ff             	mov    %r15d,%edi
ffffffff813bcda4:	e8 37 3b ff ff       	call   0xffffffff813b08e0   <cpus_share_resources>
ffffffff813bcda9:	84 c0                	test   %al,%al
ffffffff813bcdab:	0f 85 09 f3 ff ff    	jne    0xffffffff813bc0ba
ffffffff813bcdb1:	44 89 7c 24 28       	mov    %r15d,0x28(%rsp)
ffffffff813bcdb6:	e9 a6 f2 ff ff       	jmp    0xffffffff813bc061
ffffffff813bcdbb:	8b 35 0f 5b ea 01    	mov    0x1ea5b0f(%rip),%esi        # 0xffffffff832628d0
ffffffff813bcdc1:	48 8d 78 28          	lea    0x28(%rax),%rdi
ffffffff813bcdc5:	e8 a6 4f 7f 00       	call   0xffffffff81bb1d70   <_find_first_bit>
ffffffff813bcdca:	41 89 c0             	mov    %eax,%r8d
ffffffff813bcdcd:	e9 da fe ff ff       	jmp    0xffffffff813bccac
ffffffff813bcdd2:	8b 5c 24 28          	mov    0x28(%rsp),%ebx
ffffffff813bcdd6:	e9 4f f1 ff ff       	jmp    0xffffffff813bbf2a
ffffffff813bcddb:	8b 5c 24 20          	mov    0x20(%rsp),%ebx
ffffffff813bcddf:	e9 b4 f9 ff ff       	jmp    0xffffffff813bc798
ffffffff813bcde4:	8b 4c 24 20          	mov    0x20(%rsp),%ecx
ffffffff813bcde8:	8b 5c 24 28          	mov    0x28(%rsp),%ebx
ffffffff813bcdec:	39 c1                	cmp    %eax,%ecx
ffffffff813bcdee:	0f 42 d9             	cmovb  %ecx,%ebx
ffffffff813bcdf1:	e9 34 f1 ff ff       	jmp    0xffffffff813bbf2a
ffffffff813bcdf6:	49 8b 85 28 01 00 00 	mov    0x128(%r13),%rax
ffffffff813bcdfd:	49 8d b5 80 00 00 00 	lea    0x80(%r13),%rsi
ffffffff813bce04:	4c 89 4c 24 08       	mov    %r9,0x8(%rsp)
ffffffff813bce09:	89 0c 24             	mov    %ecx,(%rsp)
ffffffff813bce0c:	48 8b b8 80 00 00 00 	mov    0x80(%rax),%rdi
ffffffff813bce13:	e8 88 5e 01 00       	call   0xffffffff813d2ca0   <__update_load_avg_blocked_se>
ffffffff813bce18:	8b 0c 24             	mov    (%rsp),%ecx
ffffffff813bce1b:	4c 8b 4c 24 08       	mov    0x8(%rsp),%r9
ffffffff813bce20:	e9 ac f7 ff ff       	jmp    0xffffffff813bc5d1
ffffffff813bce25:	4c 8b 64 24 30       	mov    0x30(%rsp),%r12
ffffffff813bce2a:	8b 5c 24 38          	mov    0x38(%rsp),%ebx
ffffffff813bce2e:	48 8b 7c 24 20       	mov    0x20(%rsp),%rdi
ffffffff813bce33:	89 c1                	mov    %eax,%ecx
ffffffff813bce35:	4c 89 f2             	mov    %r14,%rdx
ffffffff813bce38:	48 89 fe             	mov    %rdi,%rsi
ffffffff813bce3b:	e8 c0 b3 7e 00       	call   0xffffffff81ba8200   <__bitmap_andnot>
ffffffff813bce40:	e9 83 f9 ff ff       	jmp    0xffffffff813bc7c8
ffffffff813bce45:	8b 5c 24 28          	mov    0x28(%rsp),%ebx
ffffffff813bce49:	8b 05 81 5a ea 01    	mov    0x1ea5a81(%rip),%eax        # 0xffffffff832628d0
ffffffff813bce4f:	44 89 e1             	mov    %r12d,%ecx
ffffffff813bce52:	eb 98                	jmp    0xffffffff813bcdec
ffffffff813bce54:	41 89 c5             	mov    %eax,%r13d
ffffffff813bce57:	49 89 c7             	mov    %rax,%r15
ffffffff813bce5a:	e9 1e f6 ff ff       	jmp    0xffffffff813bc47d
ffffffff813bce5f:	41 89 c7             	mov    %eax,%r15d
ffffffff813bce62:	49 89 c0             	mov    %rax,%r8
ffffffff813bce65:	e9 1f fb ff ff       	jmp    0xffffffff813bc989
ffffffff813bce6a:	4c 63 04 24          	movslq (%rsp),%r8
ffffffff813bce6e:	4c 89 e0             	mov    %r12,%rax
ffffffff813bce71:	48 8d 54 ad 00       	lea    0x0(%rbp,%rbp,4),%rdx
ffffffff813bce76:	4a 8b 0c c5 80 c0 86 	mov    -0x7d793f80(,%r8,8),%rcx
ffffffff813bce7d:	82 
ffffffff813bce7e:	48 c1 e2 08          	shl    $0x8,%rdx
ffffffff813bce82:	48 8b 84 01 50 0b 00 	mov    0xb50(%rcx,%rax,1),%rax
ffffffff813bce89:	00 
ffffffff813bce8a:	48 c1 e0 0a          	shl    $0xa,%rax
ffffffff813bce8e:	48 39 c2             	cmp    %rax,%rdx
ffffffff813bce91:	0f 83 c2 f1 ff ff    	jae    0xffffffff813bc059
ffffffff813bce97:	e9 f8 fe ff ff       	jmp    0xffffffff813bcd94
ffffffff813bce9c:	44 8b 7c 24 30       	mov    0x30(%rsp),%r15d
ffffffff813bcea1:	48 8b 5c 24 38       	mov    0x38(%rsp),%rbx
ffffffff813bcea6:	45 89 f0             	mov    %r14d,%r8d
ffffffff813bcea9:	e9 fe fd ff ff       	jmp    0xffffffff813bccac
ffffffff813bceae:	8b 34 24             	mov    (%rsp),%esi
ffffffff813bceb1:	89 ef                	mov    %ebp,%edi
ffffffff813bceb3:	e8 c8 39 ff ff       	call   0xffffffff813b0880   <cpus_share_cache>
ffffffff813bceb8:	44 8b 5c 24 08       	mov    0x8(%rsp),%r11d
ffffffff813bcebd:	48 8b 54 24 10       	mov    0x10(%rsp),%rdx
ffffffff813bcec2:	84 c0                	test   %al,%al
ffffffff813bcec4:	0f 84 9e f4 ff ff    	je     0xffffffff813bc368
ffffffff813bceca:	8b 3c 24             	mov    (%rsp),%edi
ffffffff813bcecd:	e8 0e aa 01 00       	call   0xffffffff813d78e0   <available_idle_cpu>
ffffffff813bced2:	44 8b 5c 24 08       	mov    0x8(%rsp),%r11d
ffffffff813bced7:	48 8b 54 24 10       	mov    0x10(%rsp),%rdx
ffffffff813bcedc:	85 c0                	test   %eax,%eax
ffffffff813bcede:	0f 84 55 01 00 00    	je     0xffffffff813bd039
ffffffff813bcee4:	8b 1c 24             	mov    (%rsp),%ebx
ffffffff813bcee7:	e9 ce f4 ff ff       	jmp    0xffffffff813bc3ba
ffffffff813bceec:	8b 5c 24 38          	mov    0x38(%rsp),%ebx
ffffffff813bcef0:	e9 9d f8 ff ff       	jmp    0xffffffff813bc792
ffffffff813bcef5:	4c 89 e5             	mov    %r12,%rbp
ffffffff813bcef8:	8b 5c 24 10          	mov    0x10(%rsp),%ebx
ffffffff813bcefc:	4c 8b 24 24          	mov    (%rsp),%r12
ffffffff813bcf00:	41 39 d6             	cmp    %edx,%r14d
ffffffff813bcf03:	0f 83 37 01 00 00    	jae    0xffffffff813bd040
ffffffff813bcf09:	44 89 f3             	mov    %r14d,%ebx
ffffffff813bcf0c:	e9 19 f0 ff ff       	jmp    0xffffffff813bbf2a
ffffffff813bcf11:	48 8b 0c d5 80 c0 86 	mov    -0x7d793f80(,%rdx,8),%rcx
ffffffff813bcf18:	82 
ffffffff813bcf19:	4c 89 e0             	mov    %r12,%rax
ffffffff813bcf1c:	48 8b 9c 08 20 01 00 	mov    0x120(%rax,%rcx,1),%rbx
ffffffff813bcf23:	00 
ffffffff813bcf24:	45 85 ff             	test   %r15d,%r15d
ffffffff813bcf27:	74 2d                	je     0xffffffff813bcf56
ffffffff813bcf29:	65 48 8b 3d e7 90 74 	mov    %gs:0x27490e7(%rip),%rdi        # 0xffffffff83b06018
ffffffff813bcf30:	02 
ffffffff813bcf31:	44 89 5c 24 08       	mov    %r11d,0x8(%rsp)
ffffffff813bcf36:	48 89 54 24 10       	mov    %rdx,0x10(%rsp)
ffffffff813bcf3b:	e8 50 97 ff ff       	call   0xffffffff813b6690   <task_h_load>
ffffffff813bcf40:	44 8b 5c 24 08       	mov    0x8(%rsp),%r11d
ffffffff813bcf45:	48 39 c3             	cmp    %rax,%rbx
ffffffff813bcf48:	0f 82 84 00 00 00    	jb     0xffffffff813bcfd2
ffffffff813bcf4e:	48 8b 54 24 10       	mov    0x10(%rsp),%rdx
ffffffff813bcf53:	48 29 c3             	sub    %rax,%rbx
ffffffff813bcf56:	4c 89 ef             	mov    %r13,%rdi
ffffffff813bcf59:	48 89 54 24 10       	mov    %rdx,0x10(%rsp)
ffffffff813bcf5e:	44 89 5c 24 08       	mov    %r11d,0x8(%rsp)
ffffffff813bcf63:	e8 28 97 ff ff       	call   0xffffffff813b6690   <task_h_load>
ffffffff813bcf68:	44 8b 5c 24 08       	mov    0x8(%rsp),%r11d
ffffffff813bcf6d:	48 8b 54 24 10       	mov    0x10(%rsp),%rdx
ffffffff813bcf72:	48 89 c1             	mov    %rax,%rcx
ffffffff813bcf75:	48 01 c3             	add    %rax,%rbx
ffffffff813bcf78:	66 90                	xchg   %ax,%ax
ffffffff813bcf7a:	48 6b db 64          	imul   $0x64,%rbx,%rbx
ffffffff813bcf7e:	4c 63 04 24          	movslq (%rsp),%r8
ffffffff813bcf82:	4c 89 e0             	mov    %r12,%rax
ffffffff813bcf85:	4a 8b 34 c5 80 c0 86 	mov    -0x7d793f80(,%r8,8),%rsi
ffffffff813bcf8c:	82 
ffffffff813bcf8d:	48 0f af 9c 30 50 0b 	imul   0xb50(%rax,%rsi,1),%rbx
ffffffff813bcf94:	00 00 
ffffffff813bcf96:	48 8b 84 06 20 01 00 	mov    0x120(%rsi,%rax,1),%rax
ffffffff813bcf9d:	00 
ffffffff813bcf9e:	48 29 c8             	sub    %rcx,%rax
ffffffff813bcfa1:	66 90                	xchg   %ax,%ax
ffffffff813bcfa3:	41 8b 4e 2c          	mov    0x2c(%r14),%ecx
ffffffff813bcfa7:	83 e9 64             	sub    $0x64,%ecx
ffffffff813bcfaa:	d1 e9                	shr    %ecx
ffffffff813bcfac:	83 c1 64             	add    $0x64,%ecx
ffffffff813bcfaf:	48 0f af c1          	imul   %rcx,%rax
ffffffff813bcfb3:	48 8b 14 d5 80 c0 86 	mov    -0x7d793f80(,%rdx,8),%rdx
ffffffff813bcfba:	82 
ffffffff813bcfbb:	4c 89 e1             	mov    %r12,%rcx
ffffffff813bcfbe:	4d 63 ff             	movslq %r15d,%r15
ffffffff813bcfc1:	48 0f af 84 0a 50 0b 	imul   0xb50(%rdx,%rcx,1),%rax
ffffffff813bcfc8:	00 00 
ffffffff813bcfca:	4c 01 f8             	add    %r15,%rax
ffffffff813bcfcd:	48 39 d8             	cmp    %rbx,%rax
ffffffff813bcfd0:	7e 07                	jle    0xffffffff813bcfd9
ffffffff813bcfd2:	89 eb                	mov    %ebp,%ebx
ffffffff813bcfd4:	e9 48 ef ff ff       	jmp    0xffffffff813bbf21
ffffffff813bcfd9:	8b 1d f1 58 ea 01    	mov    0x1ea58f1(%rip),%ebx        # 0xffffffff832628d0
ffffffff813bcfdf:	e9 e4 f3 ff ff       	jmp    0xffffffff813bc3c8
ffffffff813bcfe4:	44 8b 7c 24 44       	mov    0x44(%rsp),%r15d
ffffffff813bcfe9:	e9 29 fd ff ff       	jmp    0xffffffff813bcd17
ffffffff813bcfee:	48 63 4c 24 18       	movslq 0x18(%rsp),%rcx
ffffffff813bcff3:	4c 89 e0             	mov    %r12,%rax
ffffffff813bcff6:	48 8d 54 ad 00       	lea    0x0(%rbp,%rbp,4),%rdx
ffffffff813bcffb:	48 8b 0c cd 80 c0 86 	mov    -0x7d793f80(,%rcx,8),%rcx
ffffffff813bd002:	82 
ffffffff813bd003:	48 c1 e2 08          	shl    $0x8,%rdx
ffffffff813bd007:	48 8b 84 01 50 0b 00 	mov    0xb50(%rcx,%rax,1),%rax
ffffffff813bd00e:	00 
ffffffff813bd00f:	48 c1 e0 0a          	shl    $0xa,%rax
ffffffff813bd013:	48 39 c2             	cmp    %rax,%rdx
ffffffff813bd016:	0f 83 6d f2 ff ff    	jae    0xffffffff813bc289
ffffffff813bd01c:	e9 de fb ff ff       	jmp    0xffffffff813bcbff
ffffffff813bd021:	8b 7c 24 18          	mov    0x18(%rsp),%edi
ffffffff813bd025:	89 de                	mov    %ebx,%esi
ffffffff813bd027:	e8 b4 38 ff ff       	call   0xffffffff813b08e0   <cpus_share_resources>
ffffffff813bd02c:	84 c0                	test   %al,%al
ffffffff813bd02e:	0f 84 5d f2 ff ff    	je     0xffffffff813bc291
ffffffff813bd034:	e9 cb fb ff ff       	jmp    0xffffffff813bcc04
ffffffff813bd039:	89 eb                	mov    %ebp,%ebx
ffffffff813bd03b:	e9 7a f3 ff ff       	jmp    0xffffffff813bc3ba
ffffffff813bd040:	c6 44 24 10 00       	movb   $0x0,0x10(%rsp)
ffffffff813bd045:	e9 eb f6 ff ff       	jmp    0xffffffff813bc735
ffffffff813bd04a:	e8 81 63 e9 00       	call   0xffffffff822533d0   <__stack_chk_fail>
ffffffff813bd04f:	90                   	nop
ffffffff813bd050:	90                   	nop
ffffffff813bd051:	90                   	nop
ffffffff813bd052:	90                   	nop
ffffffff813bd053:	90                   	nop
ffffffff813bd054:	90                   	nop
ffffffff813bd055:	90                   	nop
ffffffff813bd056:	90                   	nop
ffffffff813bd057:	90                   	nop
ffffffff813bd058:	90                   	nop
ffffffff813bd059:	90                   	nop
ffffffff813bd05a:	90                   	nop
ffffffff813bd05b:	90                   	nop
ffffffff813bd05c:	90                   	nop
ffffffff813bd05d:	90                   	nop
ffffffff813bd05e:	90                   	nop
ffffffff813bd05f:	90                   	nop
