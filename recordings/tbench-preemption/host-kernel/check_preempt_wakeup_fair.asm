# check_preempt_wakeup_fair at 0xffffffff813c2150, 6.18.44-fc-v1147, read 2026-12-03T08:42:05Z
ffffffff813c2150:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c2155:	48 8b 87 a0 0a 00 00 	mov    0xaa0(%rdi),%rax
ffffffff813c215c:	48 8d 8e 80 00 00 00 	lea    0x80(%rsi),%rcx
ffffffff813c2163:	4c 8d 80 80 00 00 00 	lea    0x80(%rax),%r8
ffffffff813c216a:	49 39 c8             	cmp    %rcx,%r8
ffffffff813c216d:	74 71                	je     0xffffffff813c21e0
ffffffff813c216f:	41 89 d2             	mov    %edx,%r10d
ffffffff813c2172:	66 90                	xchg   %ax,%ax
ffffffff813c2174:	48 8b 10             	mov    (%rax),%rdx
ffffffff813c2177:	83 e2 10             	and    $0x10,%edx
ffffffff813c217a:	75 64                	jne    0xffffffff813c21e0
ffffffff813c217c:	66 90                	xchg   %ax,%ax
ffffffff813c217e:	41 57                	push   %r15
ffffffff813c2180:	41 56                	push   %r14
ffffffff813c2182:	53                   	push   %rbx
ffffffff813c2183:	48 83 ec 20          	sub    $0x20,%rsp
ffffffff813c2187:	8b 90 18 01 00 00    	mov    0x118(%rax),%edx
ffffffff813c218d:	8b 86 18 01 00 00    	mov    0x118(%rsi),%eax
ffffffff813c2193:	39 c2                	cmp    %eax,%edx
ffffffff813c2195:	0f 8e f6 00 00 00    	jle    0xffffffff813c2291
ffffffff813c219b:	41 89 d1             	mov    %edx,%r9d
ffffffff813c219e:	41 29 c1             	sub    %eax,%r9d
ffffffff813c21a1:	41 83 e1 01          	and    $0x1,%r9d
ffffffff813c21a5:	74 19                	je     0xffffffff813c21c0
ffffffff813c21a7:	83 ea 01             	sub    $0x1,%edx
ffffffff813c21aa:	4d 8b 80 a0 00 00 00 	mov    0xa0(%r8),%r8
ffffffff813c21b1:	39 d0                	cmp    %edx,%eax
ffffffff813c21b3:	74 59                	je     0xffffffff813c220e
ffffffff813c21b5:	66 66 2e 0f 1f 84 00 	data16 cs nopw 0x0(%rax,%rax,1)
ffffffff813c21bc:	00 00 00 00 
ffffffff813c21c0:	4d 8b 80 a0 00 00 00 	mov    0xa0(%r8),%r8
ffffffff813c21c7:	83 ea 02             	sub    $0x2,%edx
ffffffff813c21ca:	4d 8b 80 a0 00 00 00 	mov    0xa0(%r8),%r8
ffffffff813c21d1:	39 d0                	cmp    %edx,%eax
ffffffff813c21d3:	75 eb                	jne    0xffffffff813c21c0
ffffffff813c21d5:	eb 37                	jmp    0xffffffff813c220e
ffffffff813c21d7:	80 be f0 02 00 00 00 	cmpb   $0x0,0x2f0(%rsi)
ffffffff813c21de:	74 94                	je     0xffffffff813c2174
ffffffff813c21e0:	31 c0                	xor    %eax,%eax
ffffffff813c21e2:	31 d2                	xor    %edx,%edx
ffffffff813c21e4:	31 c9                	xor    %ecx,%ecx
ffffffff813c21e6:	31 f6                	xor    %esi,%esi
ffffffff813c21e8:	31 ff                	xor    %edi,%edi
ffffffff813c21ea:	45 31 c0             	xor    %r8d,%r8d
ffffffff813c21ed:	45 31 c9             	xor    %r9d,%r9d
ffffffff813c21f0:	45 31 d2             	xor    %r10d,%r10d
ffffffff813c21f3:	45 31 db             	xor    %r11d,%r11d
ffffffff813c21f6:	e9 10 1f d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c21fb:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c2200:	4d 8b 80 a0 00 00 00 	mov    0xa0(%r8),%r8
ffffffff813c2207:	48 8b 89 a0 00 00 00 	mov    0xa0(%rcx),%rcx
ffffffff813c220e:	4d 8b 88 a8 00 00 00 	mov    0xa8(%r8),%r9
ffffffff813c2215:	4c 39 89 a8 00 00 00 	cmp    %r9,0xa8(%rcx)
ffffffff813c221c:	75 e2                	jne    0xffffffff813c2200
ffffffff813c221e:	4d 85 c9             	test   %r9,%r9
ffffffff813c2221:	74 dd                	je     0xffffffff813c2200
ffffffff813c2223:	48 85 c9             	test   %rcx,%rcx
ffffffff813c2226:	0f 84 78 02 00 00    	je     0xffffffff813c24a4
ffffffff813c222c:	49 8b 80 b0 00 00 00 	mov    0xb0(%r8),%rax
ffffffff813c2233:	48 85 c0             	test   %rax,%rax
ffffffff813c2236:	0f 84 58 02 00 00    	je     0xffffffff813c2494
ffffffff813c223c:	8b 98 60 01 00 00    	mov    0x160(%rax),%ebx
ffffffff813c2242:	85 db                	test   %ebx,%ebx
ffffffff813c2244:	0f 9f c2             	setg   %dl
ffffffff813c2247:	48 8b 81 b0 00 00 00 	mov    0xb0(%rcx),%rax
ffffffff813c224e:	48 85 c0             	test   %rax,%rax
ffffffff813c2251:	0f 84 2e 02 00 00    	je     0xffffffff813c2485
ffffffff813c2257:	44 8b 98 60 01 00 00 	mov    0x160(%rax),%r11d
ffffffff813c225e:	45 85 db             	test   %r11d,%r11d
ffffffff813c2261:	0f 9f c0             	setg   %al
ffffffff813c2264:	48 89 fb             	mov    %rdi,%rbx
ffffffff813c2267:	84 c0                	test   %al,%al
ffffffff813c2269:	75 6f                	jne    0xffffffff813c22da
ffffffff813c226b:	84 d2                	test   %dl,%dl
ffffffff813c226d:	74 6b                	je     0xffffffff813c22da
ffffffff813c226f:	49 8b 40 78          	mov    0x78(%r8),%rax
ffffffff813c2273:	49 3b 80 80 00 00 00 	cmp    0x80(%r8),%rax
ffffffff813c227a:	0f 88 f9 01 00 00    	js     0xffffffff813c2479
ffffffff813c2280:	48 83 c4 20          	add    $0x20,%rsp
ffffffff813c2284:	48 89 df             	mov    %rbx,%rdi
ffffffff813c2287:	5b                   	pop    %rbx
ffffffff813c2288:	41 5e                	pop    %r14
ffffffff813c228a:	41 5f                	pop    %r15
ffffffff813c228c:	e9 4f ce fe ff       	jmp    0xffffffff813af0e0   <resched_curr_lazy>
ffffffff813c2291:	0f 8d 77 ff ff ff    	jge    0xffffffff813c220e
ffffffff813c2297:	41 89 c1             	mov    %eax,%r9d
ffffffff813c229a:	41 29 d1             	sub    %edx,%r9d
ffffffff813c229d:	41 83 e1 01          	and    $0x1,%r9d
ffffffff813c22a1:	74 1d                	je     0xffffffff813c22c0
ffffffff813c22a3:	83 e8 01             	sub    $0x1,%eax
ffffffff813c22a6:	48 8b 89 a0 00 00 00 	mov    0xa0(%rcx),%rcx
ffffffff813c22ad:	39 c2                	cmp    %eax,%edx
ffffffff813c22af:	0f 84 59 ff ff ff    	je     0xffffffff813c220e
ffffffff813c22b5:	66 66 2e 0f 1f 84 00 	data16 cs nopw 0x0(%rax,%rax,1)
ffffffff813c22bc:	00 00 00 00 
ffffffff813c22c0:	48 8b 89 a0 00 00 00 	mov    0xa0(%rcx),%rcx
ffffffff813c22c7:	83 e8 02             	sub    $0x2,%eax
ffffffff813c22ca:	48 8b 89 a0 00 00 00 	mov    0xa0(%rcx),%rcx
ffffffff813c22d1:	39 c2                	cmp    %eax,%edx
ffffffff813c22d3:	75 eb                	jne    0xffffffff813c22c0
ffffffff813c22d5:	e9 34 ff ff ff       	jmp    0xffffffff813c220e
ffffffff813c22da:	38 d0                	cmp    %dl,%al
ffffffff813c22dc:	0f 85 cd 00 00 00    	jne    0xffffffff813c23af
ffffffff813c22e2:	8b 96 0c 03 00 00    	mov    0x30c(%rsi),%edx
ffffffff813c22e8:	85 d2                	test   %edx,%edx
ffffffff813c22ea:	0f 85 bf 00 00 00    	jne    0xffffffff813c23af
ffffffff813c22f0:	4c 89 cf             	mov    %r9,%rdi
ffffffff813c22f3:	4c 89 0c 24          	mov    %r9,(%rsp)
ffffffff813c22f7:	48 89 4c 24 08       	mov    %rcx,0x8(%rsp)
ffffffff813c22fc:	4c 89 44 24 10       	mov    %r8,0x10(%rsp)
ffffffff813c2301:	44 89 54 24 1c       	mov    %r10d,0x1c(%rsp)
ffffffff813c2306:	e8 25 d5 ff ff       	call   0xffffffff813bf830   <update_curr>
ffffffff813c230b:	4c 8b 0c 24          	mov    (%rsp),%r9
ffffffff813c230f:	48 8b 4c 24 08       	mov    0x8(%rsp),%rcx
ffffffff813c2314:	4c 8b 44 24 10       	mov    0x10(%rsp),%r8
ffffffff813c2319:	44 8b 54 24 1c       	mov    0x1c(%rsp),%r10d
ffffffff813c231e:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c2323:	49 8b 80 88 00 00 00 	mov    0x88(%r8),%rax
ffffffff813c232a:	48 39 81 88 00 00 00 	cmp    %rax,0x88(%rcx)
ffffffff813c2331:	0f 83 9c 00 00 00    	jae    0xffffffff813c23d3
ffffffff813c2337:	45 31 f6             	xor    %r14d,%r14d
ffffffff813c233a:	41 bf 01 00 00 00    	mov    $0x1,%r15d
ffffffff813c2340:	e9 c7 00 00 00       	jmp    0xffffffff813c240c
ffffffff813c2345:	66 90                	xchg   %ax,%ax
ffffffff813c2347:	49 8b 51 38          	mov    0x38(%r9),%rdx
ffffffff813c234b:	49 8b 41 48          	mov    0x48(%r9),%rax
ffffffff813c234f:	48 c7 c7 ff ff ff ff 	mov    $0xffffffffffffffff,%rdi
ffffffff813c2356:	48 85 d2             	test   %rdx,%rdx
ffffffff813c2359:	0f 84 fa 01 00 00    	je     0xffffffff813c2559
ffffffff813c235f:	48 85 c0             	test   %rax,%rax
ffffffff813c2362:	74 0d                	je     0xffffffff813c2371
ffffffff813c2364:	80 78 58 00          	cmpb   $0x0,0x58(%rax)
ffffffff813c2368:	74 07                	je     0xffffffff813c2371
ffffffff813c236a:	48 8b b8 88 00 00 00 	mov    0x88(%rax),%rdi
ffffffff813c2371:	48 89 d0             	mov    %rdx,%rax
ffffffff813c2374:	48 83 e8 10          	sub    $0x10,%rax
ffffffff813c2378:	74 0b                	je     0xffffffff813c2385
ffffffff813c237a:	48 8b 42 28          	mov    0x28(%rdx),%rax
ffffffff813c237e:	48 39 c7             	cmp    %rax,%rdi
ffffffff813c2381:	48 0f 47 f8          	cmova  %rax,%rdi
ffffffff813c2385:	49 8b 50 78          	mov    0x78(%r8),%rdx
ffffffff813c2389:	49 81 38 00 00 10 00 	cmpq   $0x100000,(%r8)
ffffffff813c2390:	0f 85 e2 01 00 00    	jne    0xffffffff813c2578
ffffffff813c2396:	48 8d 04 3a          	lea    (%rdx,%rdi,1),%rax
ffffffff813c239a:	49 8b 90 80 00 00 00 	mov    0x80(%r8),%rdx
ffffffff813c23a1:	48 39 d0             	cmp    %rdx,%rax
ffffffff813c23a4:	48 0f 49 c2          	cmovns %rdx,%rax
ffffffff813c23a8:	49 89 80 80 00 00 00 	mov    %rax,0x80(%r8)
ffffffff813c23af:	48 83 c4 20          	add    $0x20,%rsp
ffffffff813c23b3:	5b                   	pop    %rbx
ffffffff813c23b4:	41 5e                	pop    %r14
ffffffff813c23b6:	41 5f                	pop    %r15
ffffffff813c23b8:	31 c0                	xor    %eax,%eax
ffffffff813c23ba:	31 d2                	xor    %edx,%edx
ffffffff813c23bc:	31 c9                	xor    %ecx,%ecx
ffffffff813c23be:	31 f6                	xor    %esi,%esi
ffffffff813c23c0:	31 ff                	xor    %edi,%edi
ffffffff813c23c2:	45 31 c0             	xor    %r8d,%r8d
ffffffff813c23c5:	45 31 c9             	xor    %r9d,%r9d
ffffffff813c23c8:	45 31 d2             	xor    %r10d,%r10d
ffffffff813c23cb:	45 31 db             	xor    %r11d,%r11d
ffffffff813c23ce:	e9 38 1d d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c23d3:	41 f6 c2 04          	test   $0x4,%r10b
ffffffff813c23d7:	75 d6                	jne    0xffffffff813c23af
ffffffff813c23d9:	80 79 59 00          	cmpb   $0x0,0x59(%rcx)
ffffffff813c23dd:	75 d0                	jne    0xffffffff813c23af
ffffffff813c23df:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c23e4:	41 be 01 00 00 00    	mov    $0x1,%r14d
ffffffff813c23ea:	41 bf 02 00 00 00    	mov    $0x2,%r15d
ffffffff813c23f0:	eb 1a                	jmp    0xffffffff813c240c
ffffffff813c23f2:	48 39 c1             	cmp    %rax,%rcx
ffffffff813c23f5:	74 73                	je     0xffffffff813c246a
ffffffff813c23f7:	48 85 c0             	test   %rax,%rax
ffffffff813c23fa:	0f 85 45 ff ff ff    	jne    0xffffffff813c2345
ffffffff813c2400:	41 8b 41 10          	mov    0x10(%r9),%eax
ffffffff813c2404:	85 c0                	test   %eax,%eax
ffffffff813c2406:	0f 84 39 ff ff ff    	je     0xffffffff813c2345
ffffffff813c240c:	4c 89 cf             	mov    %r9,%rdi
ffffffff813c240f:	44 89 f6             	mov    %r14d,%esi
ffffffff813c2412:	4c 89 44 24 10       	mov    %r8,0x10(%rsp)
ffffffff813c2417:	48 89 4c 24 08       	mov    %rcx,0x8(%rsp)
ffffffff813c241c:	4c 89 0c 24          	mov    %r9,(%rsp)
ffffffff813c2420:	e8 7b 44 ff ff       	call   0xffffffff813b68a0   <pick_eevdf>
ffffffff813c2425:	4c 8b 0c 24          	mov    (%rsp),%r9
ffffffff813c2429:	48 8b 4c 24 08       	mov    0x8(%rsp),%rcx
ffffffff813c242e:	80 78 59 00          	cmpb   $0x0,0x59(%rax)
ffffffff813c2432:	4c 8b 44 24 10       	mov    0x10(%rsp),%r8
ffffffff813c2437:	74 b9                	je     0xffffffff813c23f2
ffffffff813c2439:	ba 01 02 00 00       	mov    $0x201,%edx
ffffffff813c243e:	48 89 c6             	mov    %rax,%rsi
ffffffff813c2441:	48 89 df             	mov    %rbx,%rdi
ffffffff813c2444:	4c 89 4c 24 10       	mov    %r9,0x10(%rsp)
ffffffff813c2449:	4c 89 44 24 08       	mov    %r8,0x8(%rsp)
ffffffff813c244e:	48 89 0c 24          	mov    %rcx,(%rsp)
ffffffff813c2452:	e8 a9 f0 ff ff       	call   0xffffffff813c1500   <dequeue_entities>
ffffffff813c2457:	48 8b 0c 24          	mov    (%rsp),%rcx
ffffffff813c245b:	4c 8b 44 24 08       	mov    0x8(%rsp),%r8
ffffffff813c2460:	4c 8b 4c 24 10       	mov    0x10(%rsp),%r9
ffffffff813c2465:	48 85 c9             	test   %rcx,%rcx
ffffffff813c2468:	75 96                	jne    0xffffffff813c2400
ffffffff813c246a:	41 83 ff 01          	cmp    $0x1,%r15d
ffffffff813c246e:	0f 85 0c fe ff ff    	jne    0xffffffff813c2280
ffffffff813c2474:	e9 f6 fd ff ff       	jmp    0xffffffff813c226f
ffffffff813c2479:	49 89 80 80 00 00 00 	mov    %rax,0x80(%r8)
ffffffff813c2480:	e9 fb fd ff ff       	jmp    0xffffffff813c2280
ffffffff813c2485:	83 b9 8c 02 00 00 05 	cmpl   $0x5,0x28c(%rcx)
ffffffff813c248c:	0f 94 c0             	sete   %al
ffffffff813c248f:	e9 d0 fd ff ff       	jmp    0xffffffff813c2264
ffffffff813c2494:	41 83 b8 8c 02 00 00 	cmpl   $0x5,0x28c(%r8)
ffffffff813c249b:	05 
ffffffff813c249c:	0f 94 c2             	sete   %dl
ffffffff813c249f:	e9 a3 fd ff ff       	jmp    0xffffffff813c2247
ffffffff813c24a4:	0f 0b                	ud2
ffffffff813c24a6:	e9 81 fd ff ff       	jmp    0xffffffff813c222c
ffffffff813c24ab:	49 8b 41 50          	mov    0x50(%r9),%rax
ffffffff813c24af:	48 85 c0             	test   %rax,%rax
ffffffff813c24b2:	74 0e                	je     0xffffffff813c24c2
ffffffff813c24b4:	48 8b 79 28          	mov    0x28(%rcx),%rdi
ffffffff813c24b8:	48 39 78 28          	cmp    %rdi,0x28(%rax)
ffffffff813c24bc:	0f 88 22 ff ff ff    	js     0xffffffff813c23e4
ffffffff813c24c2:	48 89 cf             	mov    %rcx,%rdi
ffffffff813c24c5:	44 89 54 24 1c       	mov    %r10d,0x1c(%rsp)
ffffffff813c24ca:	4c 89 4c 24 10       	mov    %r9,0x10(%rsp)
ffffffff813c24cf:	4c 89 44 24 08       	mov    %r8,0x8(%rsp)
ffffffff813c24d4:	48 89 0c 24          	mov    %rcx,(%rsp)
ffffffff813c24d8:	e8 53 43 ff ff       	call   0xffffffff813b6830   <set_next_buddy>
ffffffff813c24dd:	44 8b 54 24 1c       	mov    0x1c(%rsp),%r10d
ffffffff813c24e2:	48 8b 0c 24          	mov    (%rsp),%rcx
ffffffff813c24e6:	4c 8b 44 24 08       	mov    0x8(%rsp),%r8
ffffffff813c24eb:	4c 8b 4c 24 10       	mov    0x10(%rsp),%r9
ffffffff813c24f0:	41 f6 c2 10          	test   $0x10,%r10b
ffffffff813c24f4:	0f 84 ea fe ff ff    	je     0xffffffff813c23e4
ffffffff813c24fa:	41 f6 c2 08          	test   $0x8,%r10b
ffffffff813c24fe:	0f 84 9d 00 00 00    	je     0xffffffff813c25a1
ffffffff813c2504:	8b 15 2a e2 e9 01    	mov    0x1e9e22a(%rip),%edx        # 0xffffffff83260734
ffffffff813c250a:	83 bb d0 0a 00 00 01 	cmpl   $0x1,0xad0(%rbx)
ffffffff813c2511:	0f 86 83 00 00 00    	jbe    0xffffffff813c259a
ffffffff813c2517:	be 00 00 00 00       	mov    $0x0,%esi
ffffffff813c251c:	48 8b 83 00 0b 00 00 	mov    0xb00(%rbx),%rax
ffffffff813c2523:	49 2b 40 60          	sub    0x60(%r8),%rax
ffffffff813c2527:	48 0f 48 c6          	cmovs  %rsi,%rax
ffffffff813c252b:	48 89 d6             	mov    %rdx,%rsi
ffffffff813c252e:	49 8b 78 28          	mov    0x28(%r8),%rdi
ffffffff813c2532:	48 c1 ee 02          	shr    $0x2,%rsi
ffffffff813c2536:	41 81 e2 80 00 00 00 	and    $0x80,%r10d
ffffffff813c253d:	48 0f 45 d6          	cmovne %rsi,%rdx
ffffffff813c2541:	48 39 79 28          	cmp    %rdi,0x28(%rcx)
ffffffff813c2545:	0f 89 64 fe ff ff    	jns    0xffffffff813c23af
ffffffff813c254b:	48 39 d0             	cmp    %rdx,%rax
ffffffff813c254e:	0f 82 5b fe ff ff    	jb     0xffffffff813c23af
ffffffff813c2554:	e9 27 fd ff ff       	jmp    0xffffffff813c2280
ffffffff813c2559:	48 85 c0             	test   %rax,%rax
ffffffff813c255c:	0f 84 23 fe ff ff    	je     0xffffffff813c2385
ffffffff813c2562:	80 78 58 00          	cmpb   $0x0,0x58(%rax)
ffffffff813c2566:	0f 84 19 fe ff ff    	je     0xffffffff813c2385
ffffffff813c256c:	48 8b b8 88 00 00 00 	mov    0x88(%rax),%rdi
ffffffff813c2573:	e9 0d fe ff ff       	jmp    0xffffffff813c2385
ffffffff813c2578:	4c 89 c6             	mov    %r8,%rsi
ffffffff813c257b:	48 89 54 24 08       	mov    %rdx,0x8(%rsp)
ffffffff813c2580:	4c 89 04 24          	mov    %r8,(%rsp)
ffffffff813c2584:	e8 77 4c ff ff       	call   0xffffffff813b7200   <__calc_delta.constprop.0>
ffffffff813c2589:	48 8b 54 24 08       	mov    0x8(%rsp),%rdx
ffffffff813c258e:	4c 8b 04 24          	mov    (%rsp),%r8
ffffffff813c2592:	48 89 c7             	mov    %rax,%rdi
ffffffff813c2595:	e9 fc fd ff ff       	jmp    0xffffffff813c2396
ffffffff813c259a:	0f 0b                	ud2
ffffffff813c259c:	e9 76 ff ff ff       	jmp    0xffffffff813c2517
ffffffff813c25a1:	0f 0b                	ud2
ffffffff813c25a3:	e9 5c ff ff ff       	jmp    0xffffffff813c2504
ffffffff813c25a8:	0f 1f 84 00 00 00 00 	nopl   0x0(%rax,%rax,1)
ffffffff813c25af:	00 
