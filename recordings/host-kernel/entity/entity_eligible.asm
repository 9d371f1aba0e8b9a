# entity_eligible at 0xffffffff813c3540, 6.18.44-fc-v1300, read 2026-12-07T17:03:57Z
ffffffff813c3540:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c3545:	48 8b 57 48          	mov    0x48(%rdi),%rdx
ffffffff813c3549:	48 8b 46 78          	mov    0x78(%rsi),%rax
ffffffff813c354d:	48 8b 4f 20          	mov    0x20(%rdi),%rcx
ffffffff813c3551:	48 8b 77 28          	mov    0x28(%rdi),%rsi
ffffffff813c3555:	48 8b 7f 30          	mov    0x30(%rdi),%rdi
ffffffff813c3559:	48 85 d2             	test   %rdx,%rdx
ffffffff813c355c:	74 30                	je     0xffffffff813c358e
ffffffff813c355e:	80 7a 58 00          	cmpb   $0x0,0x58(%rdx)
ffffffff813c3562:	74 2a                	je     0xffffffff813c358e
ffffffff813c3564:	4c 8b 02             	mov    (%rdx),%r8
ffffffff813c3567:	4d 85 c0             	test   %r8,%r8
ffffffff813c356a:	74 14                	je     0xffffffff813c3580
ffffffff813c356c:	49 c1 e8 0a          	shr    $0xa,%r8
ffffffff813c3570:	41 b9 02 00 00 00    	mov    $0x2,%r9d
ffffffff813c3576:	4d 39 c8             	cmp    %r9,%r8
ffffffff813c3579:	4d 0f 42 c1          	cmovb  %r9,%r8
ffffffff813c357d:	4c 01 c6             	add    %r8,%rsi
ffffffff813c3580:	48 8b 52 78          	mov    0x78(%rdx),%rdx
ffffffff813c3584:	48 29 fa             	sub    %rdi,%rdx
ffffffff813c3587:	49 0f af d0          	imul   %r8,%rdx
ffffffff813c358b:	48 01 d1             	add    %rdx,%rcx
ffffffff813c358e:	48 29 f8             	sub    %rdi,%rax
ffffffff813c3591:	48 0f af c6          	imul   %rsi,%rax
ffffffff813c3595:	48 39 c8             	cmp    %rcx,%rax
ffffffff813c3598:	0f 9e c0             	setle  %al
ffffffff813c359b:	0f b6 c0             	movzbl %al,%eax
ffffffff813c359e:	31 d2                	xor    %edx,%edx
ffffffff813c35a0:	31 c9                	xor    %ecx,%ecx
ffffffff813c35a2:	31 f6                	xor    %esi,%esi
ffffffff813c35a4:	31 ff                	xor    %edi,%edi
ffffffff813c35a6:	45 31 c0             	xor    %r8d,%r8d
ffffffff813c35a9:	45 31 c9             	xor    %r9d,%r9d
ffffffff813c35ac:	e9 5a 0b d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c35b1:	0f 1f 40 00          	nopl   0x0(%rax)
ffffffff813c35b5:	66 66 2e 0f 1f 84 00 	data16 cs nopw 0x0(%rax,%rax,1)
ffffffff813c35bc:	00 00 00 00 
