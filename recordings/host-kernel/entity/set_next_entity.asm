# set_next_entity at 0xffffffff813bb550, 6.18.44-fc-v1300, read 2026-12-07T17:03:50Z
ffffffff813bb550:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813bb555:	53                   	push   %rbx
ffffffff813bb556:	89 d1                	mov    %edx,%ecx
ffffffff813bb558:	48 89 fb             	mov    %rdi,%rbx
ffffffff813bb55b:	48 83 ec 18          	sub    $0x18,%rsp
ffffffff813bb55f:	48 3b 77 50          	cmp    0x50(%rdi),%rsi
ffffffff813bb563:	0f 84 c6 00 00 00    	je     0xffffffff813bb62f
ffffffff813bb569:	80 7e 58 00          	cmpb   $0x0,0x58(%rsi)
ffffffff813bb56d:	75 4a                	jne    0xffffffff813bb5b9
ffffffff813bb56f:	48 8b 83 38 01 00 00 	mov    0x138(%rbx),%rax
ffffffff813bb576:	83 b8 d0 0a 00 00 01 	cmpl   $0x1,0xad0(%rax)
ffffffff813bb57d:	0f 86 e7 00 00 00    	jbe    0xffffffff813bb66a
ffffffff813bb583:	48 8b 80 00 0b 00 00 	mov    0xb00(%rax),%rax
ffffffff813bb58a:	48 89 46 60          	mov    %rax,0x60(%rsi)
ffffffff813bb58e:	48 83 7b 48 00       	cmpq   $0x0,0x48(%rbx)
ffffffff813bb593:	0f 85 d8 00 00 00    	jne    0xffffffff813bb671
ffffffff813bb599:	48 89 73 48          	mov    %rsi,0x48(%rbx)
ffffffff813bb59d:	48 8b 46 68          	mov    0x68(%rsi),%rax
ffffffff813bb5a1:	48 89 46 70          	mov    %rax,0x70(%rsi)
ffffffff813bb5a5:	48 83 c4 18          	add    $0x18,%rsp
ffffffff813bb5a9:	5b                   	pop    %rbx
ffffffff813bb5aa:	31 c0                	xor    %eax,%eax
ffffffff813bb5ac:	31 d2                	xor    %edx,%edx
ffffffff813bb5ae:	31 c9                	xor    %ecx,%ecx
ffffffff813bb5b0:	31 f6                	xor    %esi,%esi
ffffffff813bb5b2:	31 ff                	xor    %edi,%edi
ffffffff813bb5b4:	e9 52 8b d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813bb5b9:	48 89 df             	mov    %rbx,%rdi
ffffffff813bb5bc:	89 4c 24 08          	mov    %ecx,0x8(%rsp)
ffffffff813bb5c0:	48 89 34 24          	mov    %rsi,(%rsp)
ffffffff813bb5c4:	e8 d7 e4 ff ff       	call   0xffffffff813b9aa0   <__dequeue_entity>
ffffffff813bb5c9:	48 8b 34 24          	mov    (%rsp),%rsi
ffffffff813bb5cd:	ba 01 00 00 00       	mov    $0x1,%edx
ffffffff813bb5d2:	48 89 df             	mov    %rbx,%rdi
ffffffff813bb5d5:	e8 76 f1 ff ff       	call   0xffffffff813ba750   <update_load_avg>
ffffffff813bb5da:	80 7c 24 08 00       	cmpb   $0x0,0x8(%rsp)
ffffffff813bb5df:	48 8b 34 24          	mov    (%rsp),%rsi
ffffffff813bb5e3:	74 8a                	je     0xffffffff813bb56f
ffffffff813bb5e5:	48 8b 56 28          	mov    0x28(%rsi),%rdx
ffffffff813bb5e9:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813bb5ee:	48 8b 43 38          	mov    0x38(%rbx),%rax
ffffffff813bb5f2:	48 8b 4b 48          	mov    0x48(%rbx),%rcx
ffffffff813bb5f6:	48 85 c0             	test   %rax,%rax
ffffffff813bb5f9:	0f 84 d2 00 00 00    	je     0xffffffff813bb6d1
ffffffff813bb5ff:	48 85 c9             	test   %rcx,%rcx
ffffffff813bb602:	0f 84 dd 00 00 00    	je     0xffffffff813bb6e5
ffffffff813bb608:	80 79 58 00          	cmpb   $0x0,0x58(%rcx)
ffffffff813bb60c:	0f 84 d3 00 00 00    	je     0xffffffff813bb6e5
ffffffff813bb612:	48 8b b9 88 00 00 00 	mov    0x88(%rcx),%rdi
ffffffff813bb619:	48 89 c1             	mov    %rax,%rcx
ffffffff813bb61c:	48 83 e9 10          	sub    $0x10,%rcx
ffffffff813bb620:	74 5c                	je     0xffffffff813bb67e
ffffffff813bb622:	48 8b 40 28          	mov    0x28(%rax),%rax
ffffffff813bb626:	48 39 c7             	cmp    %rax,%rdi
ffffffff813bb629:	48 0f 47 f8          	cmova  %rax,%rdi
ffffffff813bb62d:	eb 4f                	jmp    0xffffffff813bb67e
ffffffff813bb62f:	48 85 f6             	test   %rsi,%rsi
ffffffff813bb632:	0f 84 31 ff ff ff    	je     0xffffffff813bb569
ffffffff813bb638:	48 89 f0             	mov    %rsi,%rax
ffffffff813bb63b:	eb 1b                	jmp    0xffffffff813bb658
ffffffff813bb63d:	0f 1f 00             	nopl   (%rax)
ffffffff813bb640:	48 c7 42 50 00 00 00 	movq   $0x0,0x50(%rdx)
ffffffff813bb647:	00 
ffffffff813bb648:	48 8b 80 a0 00 00 00 	mov    0xa0(%rax),%rax
ffffffff813bb64f:	48 85 c0             	test   %rax,%rax
ffffffff813bb652:	0f 84 11 ff ff ff    	je     0xffffffff813bb569
ffffffff813bb658:	48 8b 90 a8 00 00 00 	mov    0xa8(%rax),%rdx
ffffffff813bb65f:	48 39 42 50          	cmp    %rax,0x50(%rdx)
ffffffff813bb663:	74 db                	je     0xffffffff813bb640
ffffffff813bb665:	e9 ff fe ff ff       	jmp    0xffffffff813bb569
ffffffff813bb66a:	0f 0b                	ud2
ffffffff813bb66c:	e9 12 ff ff ff       	jmp    0xffffffff813bb583
ffffffff813bb671:	0f 0b                	ud2
ffffffff813bb673:	e9 21 ff ff ff       	jmp    0xffffffff813bb599
ffffffff813bb678:	8b 3d 7e 0c ac 01    	mov    0x1ac0c7e(%rip),%edi        # 0xffffffff82e7c2fc
ffffffff813bb67e:	48 3b be 88 00 00 00 	cmp    0x88(%rsi),%rdi
ffffffff813bb685:	73 18                	jae    0xffffffff813bb69f
ffffffff813bb687:	48 8b 4e 78          	mov    0x78(%rsi),%rcx
ffffffff813bb68b:	48 81 3e 00 00 10 00 	cmpq   $0x100000,(%rsi)
ffffffff813bb692:	75 17                	jne    0xffffffff813bb6ab
ffffffff813bb694:	48 8d 04 39          	lea    (%rcx,%rdi,1),%rax
ffffffff813bb698:	48 39 d0             	cmp    %rdx,%rax
ffffffff813bb69b:	48 0f 48 d0          	cmovs  %rax,%rdx
ffffffff813bb69f:	48 89 96 80 00 00 00 	mov    %rdx,0x80(%rsi)
ffffffff813bb6a6:	e9 c4 fe ff ff       	jmp    0xffffffff813bb56f
ffffffff813bb6ab:	48 89 4c 24 10       	mov    %rcx,0x10(%rsp)
ffffffff813bb6b0:	48 89 54 24 08       	mov    %rdx,0x8(%rsp)
ffffffff813bb6b5:	48 89 34 24          	mov    %rsi,(%rsp)
ffffffff813bb6b9:	e8 d2 c3 ff ff       	call   0xffffffff813b7a90   <__calc_delta.constprop.0>
ffffffff813bb6be:	48 8b 4c 24 10       	mov    0x10(%rsp),%rcx
ffffffff813bb6c3:	48 8b 54 24 08       	mov    0x8(%rsp),%rdx
ffffffff813bb6c8:	48 8b 34 24          	mov    (%rsp),%rsi
ffffffff813bb6cc:	48 89 c7             	mov    %rax,%rdi
ffffffff813bb6cf:	eb c3                	jmp    0xffffffff813bb694
ffffffff813bb6d1:	48 85 c9             	test   %rcx,%rcx
ffffffff813bb6d4:	74 c9                	je     0xffffffff813bb69f
ffffffff813bb6d6:	80 79 58 00          	cmpb   $0x0,0x58(%rcx)
ffffffff813bb6da:	74 c3                	je     0xffffffff813bb69f
ffffffff813bb6dc:	48 8b b9 88 00 00 00 	mov    0x88(%rcx),%rdi
ffffffff813bb6e3:	eb 99                	jmp    0xffffffff813bb67e
ffffffff813bb6e5:	48 89 c1             	mov    %rax,%rcx
ffffffff813bb6e8:	48 c7 c7 ff ff ff ff 	mov    $0xffffffffffffffff,%rdi
ffffffff813bb6ef:	48 83 e9 10          	sub    $0x10,%rcx
ffffffff813bb6f3:	0f 85 29 ff ff ff    	jne    0xffffffff813bb622
ffffffff813bb6f9:	eb a4                	jmp    0xffffffff813bb69f
ffffffff813bb6fb:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813bb700:	90                   	nop
ffffffff813bb701:	90                   	nop
ffffffff813bb702:	90                   	nop
ffffffff813bb703:	90                   	nop
ffffffff813bb704:	90                   	nop
ffffffff813bb705:	90                   	nop
ffffffff813bb706:	90                   	nop
ffffffff813bb707:	90                   	nop
ffffffff813bb708:	90                   	nop
ffffffff813bb709:	90                   	nop
ffffffff813bb70a:	90                   	nop
ffffffff813bb70b:	90                   	nop
ffffffff813bb70c:	90                   	nop
ffffffff813bb70d:	90                   	nop
ffffffff813bb70e:	90                   	nop
ffffffff813bb70f:	90                   	nop
