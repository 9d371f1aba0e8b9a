# update_se at 0xffffffff813ba090, 6.18.44-fc-v1300, read 2026-12-07T17:03:54Z
ffffffff813ba090:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813ba095:	48 89 f1             	mov    %rsi,%rcx
ffffffff813ba098:	83 bf d0 0a 00 00 01 	cmpl   $0x1,0xad0(%rdi)
ffffffff813ba09f:	0f 86 39 01 00 00    	jbe    0xffffffff813ba1de
ffffffff813ba0a5:	48 8b 87 00 0b 00 00 	mov    0xb00(%rdi),%rax
ffffffff813ba0ac:	48 89 c2             	mov    %rax,%rdx
ffffffff813ba0af:	48 2b 51 60          	sub    0x60(%rcx),%rdx
ffffffff813ba0b3:	49 89 d1             	mov    %rdx,%r9
ffffffff813ba0b6:	48 85 d2             	test   %rdx,%rdx
ffffffff813ba0b9:	0f 8e 26 01 00 00    	jle    0xffffffff813ba1e5
ffffffff813ba0bf:	48 83 ec 30          	sub    $0x30,%rsp
ffffffff813ba0c3:	49 89 f8             	mov    %rdi,%r8
ffffffff813ba0c6:	48 89 41 60          	mov    %rax,0x60(%rcx)
ffffffff813ba0ca:	48 83 b9 b0 00 00 00 	cmpq   $0x0,0xb0(%rcx)
ffffffff813ba0d1:	00 
ffffffff813ba0d2:	74 41                	je     0xffffffff813ba115
ffffffff813ba0d4:	48 01 51 68          	add    %rdx,0x68(%rcx)
ffffffff813ba0d8:	66 90                	xchg   %ax,%ax
ffffffff813ba0da:	4c 89 c8             	mov    %r9,%rax
ffffffff813ba0dd:	48 83 c4 30          	add    $0x30,%rsp
ffffffff813ba0e1:	31 d2                	xor    %edx,%edx
ffffffff813ba0e3:	31 c9                	xor    %ecx,%ecx
ffffffff813ba0e5:	31 f6                	xor    %esi,%esi
ffffffff813ba0e7:	31 ff                	xor    %edi,%edi
ffffffff813ba0e9:	45 31 c0             	xor    %r8d,%r8d
ffffffff813ba0ec:	45 31 c9             	xor    %r9d,%r9d
ffffffff813ba0ef:	45 31 d2             	xor    %r10d,%r10d
ffffffff813ba0f2:	e9 14 a0 d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813ba0f7:	48 39 15 b2 cf 4a 01 	cmp    %rdx,0x14acfb2(%rip)        # 0xffffffff828670b0
ffffffff813ba0fe:	7d da                	jge    0xffffffff813ba0da
ffffffff813ba100:	41 8b b8 a8 0b 00 00 	mov    0xba8(%r8),%edi
ffffffff813ba107:	e8 34 53 07 00       	call   0xffffffff8142f440   <hrtimer_cpu_put_off_ns>
ffffffff813ba10c:	4c 8d 88 00 09 3d 00 	lea    0x3d0900(%rax),%r9
ffffffff813ba113:	eb c5                	jmp    0xffffffff813ba0da
ffffffff813ba115:	48 8b b7 a0 0a 00 00 	mov    0xaa0(%rdi),%rsi
ffffffff813ba11c:	4c 8d 51 80          	lea    -0x80(%rcx),%r10
ffffffff813ba120:	48 89 86 e0 00 00 00 	mov    %rax,0xe0(%rsi)
ffffffff813ba127:	48 01 96 e8 00 00 00 	add    %rdx,0xe8(%rsi)
ffffffff813ba12e:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813ba133:	48 8b 86 38 07 00 00 	mov    0x738(%rsi),%rax
ffffffff813ba13a:	8b b8 60 01 00 00    	mov    0x160(%rax),%edi
ffffffff813ba140:	85 ff                	test   %edi,%edi
ffffffff813ba142:	74 21                	je     0xffffffff813ba165
ffffffff813ba144:	48 83 be 40 07 00 00 	cmpq   $0x0,0x740(%rsi)
ffffffff813ba14b:	00 
ffffffff813ba14c:	74 17                	je     0xffffffff813ba165
ffffffff813ba14e:	48 3d 00 ff ff ff    	cmp    $0xffffffffffffff00,%rax
ffffffff813ba154:	74 0f                	je     0xffffffff813ba165
ffffffff813ba156:	f0 48 01 90 10 01 00 	lock add %rdx,0x110(%rax)
ffffffff813ba15d:	00 
ffffffff813ba15e:	48 8b 86 38 07 00 00 	mov    0x738(%rsi),%rax
ffffffff813ba165:	48 89 d6             	mov    %rdx,%rsi
ffffffff813ba168:	4c 89 d7             	mov    %r10,%rdi
ffffffff813ba16b:	4c 89 44 24 18       	mov    %r8,0x18(%rsp)
ffffffff813ba170:	8b 80 a8 02 00 00    	mov    0x2a8(%rax),%eax
ffffffff813ba176:	48 89 4c 24 10       	mov    %rcx,0x10(%rsp)
ffffffff813ba17b:	4c 89 4c 24 08       	mov    %r9,0x8(%rsp)
ffffffff813ba180:	65 48 01 14 c5 20 12 	add    %rdx,%gs:-0x7c6fede0(,%rax,8)
ffffffff813ba187:	90 83 
ffffffff813ba189:	48 89 14 24          	mov    %rdx,(%rsp)
ffffffff813ba18d:	e8 4e 7e 02 00       	call   0xffffffff813e1fe0   <cpuacct_charge>
ffffffff813ba192:	48 8b 4c 24 10       	mov    0x10(%rsp),%rcx
ffffffff813ba197:	48 8b 14 24          	mov    (%rsp),%rdx
ffffffff813ba19b:	4c 8b 4c 24 08       	mov    0x8(%rsp),%r9
ffffffff813ba1a0:	4c 8b 44 24 18       	mov    0x18(%rsp),%r8
ffffffff813ba1a5:	48 8b 81 c8 08 00 00 	mov    0x8c8(%rcx),%rax
ffffffff813ba1ac:	48 8b 78 70          	mov    0x70(%rax),%rdi
ffffffff813ba1b0:	48 83 bf b8 00 00 00 	cmpq   $0x0,0xb8(%rdi)
ffffffff813ba1b7:	00 
ffffffff813ba1b8:	0f 84 1a ff ff ff    	je     0xffffffff813ba0d8
ffffffff813ba1be:	48 89 d6             	mov    %rdx,%rsi
ffffffff813ba1c1:	4c 89 44 24 10       	mov    %r8,0x10(%rsp)
ffffffff813ba1c6:	e8 85 b3 0a 00       	call   0xffffffff81465550   <__cgroup_account_cputime>
ffffffff813ba1cb:	48 8b 14 24          	mov    (%rsp),%rdx
ffffffff813ba1cf:	4c 8b 4c 24 08       	mov    0x8(%rsp),%r9
ffffffff813ba1d4:	4c 8b 44 24 10       	mov    0x10(%rsp),%r8
ffffffff813ba1d9:	e9 fa fe ff ff       	jmp    0xffffffff813ba0d8
ffffffff813ba1de:	0f 0b                	ud2
ffffffff813ba1e0:	e9 c0 fe ff ff       	jmp    0xffffffff813ba0a5
ffffffff813ba1e5:	48 89 d0             	mov    %rdx,%rax
ffffffff813ba1e8:	31 d2                	xor    %edx,%edx
ffffffff813ba1ea:	31 c9                	xor    %ecx,%ecx
ffffffff813ba1ec:	31 f6                	xor    %esi,%esi
ffffffff813ba1ee:	31 ff                	xor    %edi,%edi
ffffffff813ba1f0:	45 31 c0             	xor    %r8d,%r8d
ffffffff813ba1f3:	45 31 c9             	xor    %r9d,%r9d
ffffffff813ba1f6:	45 31 d2             	xor    %r10d,%r10d
ffffffff813ba1f9:	e9 0d 9f d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813ba1fe:	65 8b 05 2f 3e 54 02 	mov    %gs:0x2543e2f(%rip),%eax        # 0xffffffff838fe034
ffffffff813ba205:	48 0f a3 05 13 4a ca 	bt     %rax,0x1ca4a13(%rip)        # 0xffffffff8305ec20
ffffffff813ba20c:	01 
ffffffff813ba20d:	0f 83 20 ff ff ff    	jae    0xffffffff813ba133
ffffffff813ba213:	65 ff 05 16 3e 54 02 	incl   %gs:0x2543e16(%rip)        # 0xffffffff838fe030
ffffffff813ba21a:	48 8b 05 77 2c c7 01 	mov    0x1c72c77(%rip),%rax        # 0xffffffff8302ce98
ffffffff813ba221:	48 85 c0             	test   %rax,%rax
ffffffff813ba224:	74 43                	je     0xffffffff813ba269
ffffffff813ba226:	48 89 7c 24 28       	mov    %rdi,0x28(%rsp)
ffffffff813ba22b:	48 8b 78 08          	mov    0x8(%rax),%rdi
ffffffff813ba22f:	48 89 4c 24 20       	mov    %rcx,0x20(%rsp)
ffffffff813ba234:	48 89 54 24 18       	mov    %rdx,0x18(%rsp)
ffffffff813ba239:	4c 89 54 24 10       	mov    %r10,0x10(%rsp)
ffffffff813ba23e:	48 89 54 24 08       	mov    %rdx,0x8(%rsp)
ffffffff813ba243:	48 89 34 24          	mov    %rsi,(%rsp)
ffffffff813ba247:	e8 84 bc fe ff       	call   0xffffffff813a5ed0   <__traceiter_sched_stat_runtime>
ffffffff813ba24c:	4c 8b 44 24 28       	mov    0x28(%rsp),%r8
ffffffff813ba251:	48 8b 4c 24 20       	mov    0x20(%rsp),%rcx
ffffffff813ba256:	4c 8b 4c 24 18       	mov    0x18(%rsp),%r9
ffffffff813ba25b:	4c 8b 54 24 10       	mov    0x10(%rsp),%r10
ffffffff813ba260:	48 8b 54 24 08       	mov    0x8(%rsp),%rdx
ffffffff813ba265:	48 8b 34 24          	mov    (%rsp),%rsi
ffffffff813ba269:	65 ff 0d c0 3d 54 02 	decl   %gs:0x2543dc0(%rip)        # 0xffffffff838fe030
ffffffff813ba270:	0f 85 bd fe ff ff    	jne    0xffffffff813ba133
ffffffff813ba276:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813ba27b:	e9 b3 fe ff ff       	jmp    0xffffffff813ba133
ffffffff813ba280:	90                   	nop
ffffffff813ba281:	90                   	nop
ffffffff813ba282:	90                   	nop
ffffffff813ba283:	90                   	nop
ffffffff813ba284:	90                   	nop
ffffffff813ba285:	90                   	nop
ffffffff813ba286:	90                   	nop
ffffffff813ba287:	90                   	nop
ffffffff813ba288:	90                   	nop
ffffffff813ba289:	90                   	nop
ffffffff813ba28a:	90                   	nop
ffffffff813ba28b:	90                   	nop
ffffffff813ba28c:	90                   	nop
ffffffff813ba28d:	90                   	nop
ffffffff813ba28e:	90                   	nop
ffffffff813ba28f:	90                   	nop
