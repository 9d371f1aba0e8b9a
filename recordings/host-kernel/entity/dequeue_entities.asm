# dequeue_entities at 0xffffffff813c1dc0, 6.18.44-fc-v1300, read 2026-12-07T17:04:01Z
ffffffff813c1dc0:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c1dc5:	41 57                	push   %r15
ffffffff813c1dc7:	41 56                	push   %r14
ffffffff813c1dc9:	41 55                	push   %r13
ffffffff813c1dcb:	49 89 f5             	mov    %rsi,%r13
ffffffff813c1dce:	41 54                	push   %r12
ffffffff813c1dd0:	55                   	push   %rbp
ffffffff813c1dd1:	53                   	push   %rbx
ffffffff813c1dd2:	89 d3                	mov    %edx,%ebx
ffffffff813c1dd4:	48 83 ec 48          	sub    $0x48,%rsp
ffffffff813c1dd8:	8b 87 9c 00 00 00    	mov    0x9c(%rdi),%eax
ffffffff813c1dde:	8b 77 04             	mov    0x4(%rdi),%esi
ffffffff813c1de1:	48 89 7c 24 18       	mov    %rdi,0x18(%rsp)
ffffffff813c1de6:	89 44 24 28          	mov    %eax,0x28(%rsp)
ffffffff813c1dea:	89 d0                	mov    %edx,%eax
ffffffff813c1dec:	83 e0 01             	and    $0x1,%eax
ffffffff813c1def:	89 74 24 24          	mov    %esi,0x24(%rsp)
ffffffff813c1df3:	88 44 24 23          	mov    %al,0x23(%rsp)
ffffffff813c1df7:	89 d0                	mov    %edx,%eax
ffffffff813c1df9:	c1 e8 09             	shr    $0x9,%eax
ffffffff813c1dfc:	89 44 24 2c          	mov    %eax,0x2c(%rsp)
ffffffff813c1e00:	49 83 bd b0 00 00 00 	cmpq   $0x0,0xb0(%r13)
ffffffff813c1e07:	00 
ffffffff813c1e08:	0f 84 7f 09 00 00    	je     0xffffffff813c278d
ffffffff813c1e0e:	c7 44 24 08 00 00 00 	movl   $0x0,0x8(%rsp)
ffffffff813c1e15:	00 
ffffffff813c1e16:	45 31 e4             	xor    %r12d,%r12d
ffffffff813c1e19:	31 ed                	xor    %ebp,%ebp
ffffffff813c1e1b:	48 c7 44 24 10 00 00 	movq   $0x0,0x10(%rsp)
ffffffff813c1e22:	00 00 
ffffffff813c1e24:	8b 44 24 24          	mov    0x24(%rsp),%eax
ffffffff813c1e28:	4d 85 ed             	test   %r13,%r13
ffffffff813c1e2b:	0f 84 c4 03 00 00    	je     0xffffffff813c21f5
ffffffff813c1e31:	4d 8b bd a8 00 00 00 	mov    0xa8(%r13),%r15
ffffffff813c1e38:	89 d8                	mov    %ebx,%eax
ffffffff813c1e3a:	c1 e8 0b             	shr    $0xb,%eax
ffffffff813c1e3d:	4c 89 ff             	mov    %r15,%rdi
ffffffff813c1e40:	89 44 24 0c          	mov    %eax,0xc(%rsp)
ffffffff813c1e44:	e8 d7 e2 ff ff       	call   0xffffffff813c0120   <update_curr>
ffffffff813c1e49:	44 0f b6 74 24 23    	movzbl 0x23(%rsp),%r14d
ffffffff813c1e4f:	4d 3b 6f 50          	cmp    0x50(%r15),%r13
ffffffff813c1e53:	0f 84 5c 04 00 00    	je     0xffffffff813c22b5
ffffffff813c1e59:	f6 c7 02             	test   $0x2,%bh
ffffffff813c1e5c:	0f 84 4d 01 00 00    	je     0xffffffff813c1faf
ffffffff813c1e62:	c7 44 24 04 00 02 00 	movl   $0x200,0x4(%rsp)
ffffffff813c1e69:	00 
ffffffff813c1e6a:	41 80 7d 59 00       	cmpb   $0x0,0x59(%r13)
ffffffff813c1e6f:	0f 84 cc 08 00 00    	je     0xffffffff813c2741
ffffffff813c1e75:	ba 01 00 00 00       	mov    $0x1,%edx
ffffffff813c1e7a:	49 83 bd b0 00 00 00 	cmpq   $0x0,0xb0(%r13)
ffffffff813c1e81:	00 
ffffffff813c1e82:	0f 84 30 06 00 00    	je     0xffffffff813c24b8
ffffffff813c1e88:	4c 89 ee             	mov    %r13,%rsi
ffffffff813c1e8b:	4c 89 ff             	mov    %r15,%rdi
ffffffff813c1e8e:	e8 bd 88 ff ff       	call   0xffffffff813ba750   <update_load_avg>
ffffffff813c1e93:	49 8b 85 b0 00 00 00 	mov    0xb0(%r13),%rax
ffffffff813c1e9a:	48 85 c0             	test   %rax,%rax
ffffffff813c1e9d:	74 0a                	je     0xffffffff813c1ea9
ffffffff813c1e9f:	8b 40 18             	mov    0x18(%rax),%eax
ffffffff813c1ea2:	49 89 85 b8 00 00 00 	mov    %rax,0xb8(%r13)
ffffffff813c1ea9:	4c 89 ee             	mov    %r13,%rsi
ffffffff813c1eac:	4c 89 ff             	mov    %r15,%rdi
ffffffff813c1eaf:	e8 fc e7 ff ff       	call   0xffffffff813c06b0   <update_entity_lag>
ffffffff813c1eb4:	66 90                	xchg   %ax,%ax
ffffffff813c1eb6:	45 84 f6             	test   %r14b,%r14b
ffffffff813c1eb9:	75 0d                	jne    0xffffffff813c1ec8
ffffffff813c1ebb:	49 8b 45 78          	mov    0x78(%r13),%rax
ffffffff813c1ebf:	49 29 45 28          	sub    %rax,0x28(%r13)
ffffffff813c1ec3:	41 c6 45 5a 01       	movb   $0x1,0x5a(%r13)
ffffffff813c1ec8:	4d 39 6f 48          	cmp    %r13,0x48(%r15)
ffffffff813c1ecc:	74 0b                	je     0xffffffff813c1ed9
ffffffff813c1ece:	4c 89 ee             	mov    %r13,%rsi
ffffffff813c1ed1:	4c 89 ff             	mov    %r15,%rdi
ffffffff813c1ed4:	e8 c7 7b ff ff       	call   0xffffffff813b9aa0   <__dequeue_entity>
ffffffff813c1ed9:	41 c6 45 58 00       	movb   $0x0,0x58(%r13)
ffffffff813c1ede:	49 8b 45 00          	mov    0x0(%r13),%rax
ffffffff813c1ee2:	41 c7 47 08 00 00 00 	movl   $0x0,0x8(%r15)
ffffffff813c1ee9:	00 
ffffffff813c1eea:	49 29 07             	sub    %rax,(%r15)
ffffffff813c1eed:	49 83 bd b0 00 00 00 	cmpq   $0x0,0xb0(%r13)
ffffffff813c1ef4:	00 
ffffffff813c1ef5:	0f 84 75 06 00 00    	je     0xffffffff813c2570
ffffffff813c1efb:	41 8b 47 10          	mov    0x10(%r15),%eax
ffffffff813c1eff:	83 e8 01             	sub    $0x1,%eax
ffffffff813c1f02:	41 89 47 10          	mov    %eax,0x10(%r15)
ffffffff813c1f06:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c1f0b:	4c 89 ef             	mov    %r13,%rdi
ffffffff813c1f0e:	e8 8d ec ff ff       	call   0xffffffff813c0ba0   <update_cfs_group>
ffffffff813c1f13:	44 8b 54 24 04       	mov    0x4(%rsp),%r10d
ffffffff813c1f18:	45 85 d2             	test   %r10d,%r10d
ffffffff813c1f1b:	0f 85 61 05 00 00    	jne    0xffffffff813c2482
ffffffff813c1f21:	45 8b 4f 10          	mov    0x10(%r15),%r9d
ffffffff813c1f25:	45 85 c9             	test   %r9d,%r9d
ffffffff813c1f28:	75 21                	jne    0xffffffff813c1f4b
ffffffff813c1f2a:	41 f6 87 a0 01 00 00 	testb  $0x2,0x1a0(%r15)
ffffffff813c1f31:	02 
ffffffff813c1f32:	0f 85 10 08 00 00    	jne    0xffffffff813c2748
ffffffff813c1f38:	49 8b 87 88 01 00 00 	mov    0x188(%r15),%rax
ffffffff813c1f3f:	49 89 87 70 01 00 00 	mov    %rax,0x170(%r15)
ffffffff813c1f46:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c1f4b:	41 8b b7 60 01 00 00 	mov    0x160(%r15),%esi
ffffffff813c1f52:	41 29 6f 1c          	sub    %ebp,0x1c(%r15)
ffffffff813c1f56:	45 29 67 14          	sub    %r12d,0x14(%r15)
ffffffff813c1f5a:	8b 44 24 08          	mov    0x8(%rsp),%eax
ffffffff813c1f5e:	41 29 47 18          	sub    %eax,0x18(%r15)
ffffffff813c1f62:	85 f6                	test   %esi,%esi
ffffffff813c1f64:	41 0f 4f ec          	cmovg  %r12d,%ebp
ffffffff813c1f68:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c1f6d:	4d 8b ad a0 00 00 00 	mov    0xa0(%r13),%r13
ffffffff813c1f74:	49 83 3f 00          	cmpq   $0x0,(%r15)
ffffffff813c1f78:	0f 85 a2 04 00 00    	jne    0xffffffff813c2420
ffffffff813c1f7e:	4d 85 ed             	test   %r13,%r13
ffffffff813c1f81:	0f 84 66 02 00 00    	je     0xffffffff813c21ed
ffffffff813c1f87:	4d 8b bd a8 00 00 00 	mov    0xa8(%r13),%r15
ffffffff813c1f8e:	81 e3 ef fd ff ff    	and    $0xfffffdef,%ebx
ffffffff813c1f94:	41 be 01 00 00 00    	mov    $0x1,%r14d
ffffffff813c1f9a:	83 cb 01             	or     $0x1,%ebx
ffffffff813c1f9d:	4c 89 ff             	mov    %r15,%rdi
ffffffff813c1fa0:	e8 7b e1 ff ff       	call   0xffffffff813c0120   <update_curr>
ffffffff813c1fa5:	4d 39 6f 50          	cmp    %r13,0x50(%r15)
ffffffff813c1fa9:	0f 84 06 03 00 00    	je     0xffffffff813c22b5
ffffffff813c1faf:	f7 c3 10 08 00 00    	test   $0x810,%ebx
ffffffff813c1fb5:	0f 94 c0             	sete   %al
ffffffff813c1fb8:	44 20 f0             	and    %r14b,%al
ffffffff813c1fbb:	0f 85 3b 06 00 00    	jne    0xffffffff813c25fc
ffffffff813c1fc1:	c7 44 24 04 00 00 00 	movl   $0x0,0x4(%rsp)
ffffffff813c1fc8:	00 
ffffffff813c1fc9:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c1fce:	84 c0                	test   %al,%al
ffffffff813c1fd0:	0f 84 9f fe ff ff    	je     0xffffffff813c1e75
ffffffff813c1fd6:	49 8b 75 78          	mov    0x78(%r13),%rsi
ffffffff813c1fda:	4c 89 ff             	mov    %r15,%rdi
ffffffff813c1fdd:	e8 6e 4e ff ff       	call   0xffffffff813b6e50   <vruntime_eligible>
ffffffff813c1fe2:	85 c0                	test   %eax,%eax
ffffffff813c1fe4:	0f 85 8b fe ff ff    	jne    0xffffffff813c1e75
ffffffff813c1fea:	31 d2                	xor    %edx,%edx
ffffffff813c1fec:	4c 89 ee             	mov    %r13,%rsi
ffffffff813c1fef:	4c 89 ff             	mov    %r15,%rdi
ffffffff813c1ff2:	e8 59 87 ff ff       	call   0xffffffff813ba750   <update_load_avg>
ffffffff813c1ff7:	41 c6 45 59 01       	movb   $0x1,0x59(%r13)
ffffffff813c1ffc:	49 83 bd b0 00 00 00 	cmpq   $0x0,0xb0(%r13)
ffffffff813c2003:	00 
ffffffff813c2004:	0f 84 e6 07 00 00    	je     0xffffffff813c27f0
ffffffff813c200a:	48 8b 44 24 10       	mov    0x10(%rsp),%rax
ffffffff813c200f:	48 85 c0             	test   %rax,%rax
ffffffff813c2012:	74 0d                	je     0xffffffff813c2021
ffffffff813c2014:	48 83 e8 80          	sub    $0xffffffffffffff80,%rax
ffffffff813c2018:	49 39 c5             	cmp    %rax,%r13
ffffffff813c201b:	0f 84 9e 08 00 00    	je     0xffffffff813c28bf
ffffffff813c2021:	49 8b 47 38          	mov    0x38(%r15),%rax
ffffffff813c2025:	49 8b 57 48          	mov    0x48(%r15),%rdx
ffffffff813c2029:	48 c7 c3 ff ff ff ff 	mov    $0xffffffffffffffff,%rbx
ffffffff813c2030:	48 85 c0             	test   %rax,%rax
ffffffff813c2033:	0f 84 bd 08 00 00    	je     0xffffffff813c28f6
ffffffff813c2039:	48 85 d2             	test   %rdx,%rdx
ffffffff813c203c:	74 0d                	je     0xffffffff813c204b
ffffffff813c203e:	80 7a 58 00          	cmpb   $0x0,0x58(%rdx)
ffffffff813c2042:	74 07                	je     0xffffffff813c204b
ffffffff813c2044:	48 8b 9a 88 00 00 00 	mov    0x88(%rdx),%rbx
ffffffff813c204b:	48 89 c6             	mov    %rax,%rsi
ffffffff813c204e:	48 83 ee 10          	sub    $0x10,%rsi
ffffffff813c2052:	0f 84 20 04 00 00    	je     0xffffffff813c2478
ffffffff813c2058:	48 8b 40 28          	mov    0x28(%rax),%rax
ffffffff813c205c:	44 8b 74 24 08       	mov    0x8(%rsp),%r14d
ffffffff813c2061:	48 39 c3             	cmp    %rax,%rbx
ffffffff813c2064:	48 0f 47 d8          	cmova  %rax,%rbx
ffffffff813c2068:	4d 8b bd a8 00 00 00 	mov    0xa8(%r13),%r15
ffffffff813c206f:	ba 01 00 00 00       	mov    $0x1,%edx
ffffffff813c2074:	4c 89 ee             	mov    %r13,%rsi
ffffffff813c2077:	4c 89 ff             	mov    %r15,%rdi
ffffffff813c207a:	e8 d1 86 ff ff       	call   0xffffffff813ba750   <update_load_avg>
ffffffff813c207f:	49 8b 85 b0 00 00 00 	mov    0xb0(%r13),%rax
ffffffff813c2086:	48 85 c0             	test   %rax,%rax
ffffffff813c2089:	74 0a                	je     0xffffffff813c2095
ffffffff813c208b:	8b 40 18             	mov    0x18(%rax),%eax
ffffffff813c208e:	49 89 85 b8 00 00 00 	mov    %rax,0xb8(%r13)
ffffffff813c2095:	4c 89 ef             	mov    %r13,%rdi
ffffffff813c2098:	e8 03 eb ff ff       	call   0xffffffff813c0ba0   <update_cfs_group>
ffffffff813c209d:	49 89 9d 88 00 00 00 	mov    %rbx,0x88(%r13)
ffffffff813c20a4:	4d 39 6f 48          	cmp    %r13,0x48(%r15)
ffffffff813c20a8:	0f 84 ff 05 00 00    	je     0xffffffff813c26ad
ffffffff813c20ae:	49 8d 45 10          	lea    0x10(%r13),%rax
ffffffff813c20b2:	eb 15                	jmp    0xffffffff813c20c9
ffffffff813c20b4:	48 8b 00             	mov    (%rax),%rax
ffffffff813c20b7:	48 83 f8 03          	cmp    $0x3,%rax
ffffffff813c20bb:	0f 86 c9 00 00 00    	jbe    0xffffffff813c218a
ffffffff813c20c1:	48 83 e0 fc          	and    $0xfffffffffffffffc,%rax
ffffffff813c20c5:	48 8b 58 78          	mov    0x78(%rax),%rbx
ffffffff813c20c9:	48 8b 48 68          	mov    0x68(%rax),%rcx
ffffffff813c20cd:	48 8b 78 08          	mov    0x8(%rax),%rdi
ffffffff813c20d1:	4c 8b 40 20          	mov    0x20(%rax),%r8
ffffffff813c20d5:	4c 8b 48 28          	mov    0x28(%rax),%r9
ffffffff813c20d9:	4c 8b 50 30          	mov    0x30(%rax),%r10
ffffffff813c20dd:	48 8b 70 10          	mov    0x10(%rax),%rsi
ffffffff813c20e1:	48 89 48 20          	mov    %rcx,0x20(%rax)
ffffffff813c20e5:	48 89 ca             	mov    %rcx,%rdx
ffffffff813c20e8:	48 85 ff             	test   %rdi,%rdi
ffffffff813c20eb:	0f 84 31 05 00 00    	je     0xffffffff813c2622
ffffffff813c20f1:	48 8b 4f 20          	mov    0x20(%rdi),%rcx
ffffffff813c20f5:	49 89 d3             	mov    %rdx,%r11
ffffffff813c20f8:	49 29 cb             	sub    %rcx,%r11
ffffffff813c20fb:	4d 85 db             	test   %r11,%r11
ffffffff813c20fe:	7e 07                	jle    0xffffffff813c2107
ffffffff813c2100:	48 89 48 20          	mov    %rcx,0x20(%rax)
ffffffff813c2104:	48 89 ca             	mov    %rcx,%rdx
ffffffff813c2107:	48 85 f6             	test   %rsi,%rsi
ffffffff813c210a:	0f 84 72 05 00 00    	je     0xffffffff813c2682
ffffffff813c2110:	48 8b 4e 20          	mov    0x20(%rsi),%rcx
ffffffff813c2114:	48 29 ca             	sub    %rcx,%rdx
ffffffff813c2117:	48 85 d2             	test   %rdx,%rdx
ffffffff813c211a:	7e 04                	jle    0xffffffff813c2120
ffffffff813c211c:	48 89 48 20          	mov    %rcx,0x20(%rax)
ffffffff813c2120:	48 89 58 28          	mov    %rbx,0x28(%rax)
ffffffff813c2124:	48 8b 57 28          	mov    0x28(%rdi),%rdx
ffffffff813c2128:	48 39 da             	cmp    %rbx,%rdx
ffffffff813c212b:	0f 82 48 05 00 00    	jb     0xffffffff813c2679
ffffffff813c2131:	48 89 da             	mov    %rbx,%rdx
ffffffff813c2134:	48 8b 4e 28          	mov    0x28(%rsi),%rcx
ffffffff813c2138:	48 39 d1             	cmp    %rdx,%rcx
ffffffff813c213b:	0f 83 22 05 00 00    	jae    0xffffffff813c2663
ffffffff813c2141:	48 89 48 28          	mov    %rcx,0x28(%rax)
ffffffff813c2145:	48 89 58 30          	mov    %rbx,0x30(%rax)
ffffffff813c2149:	48 8b 57 30          	mov    0x30(%rdi),%rdx
ffffffff813c214d:	48 39 d3             	cmp    %rdx,%rbx
ffffffff813c2150:	73 07                	jae    0xffffffff813c2159
ffffffff813c2152:	48 89 50 30          	mov    %rdx,0x30(%rax)
ffffffff813c2156:	48 89 d3             	mov    %rdx,%rbx
ffffffff813c2159:	48 8b 48 20          	mov    0x20(%rax),%rcx
ffffffff813c215d:	48 8b 56 30          	mov    0x30(%rsi),%rdx
ffffffff813c2161:	48 39 d3             	cmp    %rdx,%rbx
ffffffff813c2164:	73 04                	jae    0xffffffff813c216a
ffffffff813c2166:	48 89 50 30          	mov    %rdx,0x30(%rax)
ffffffff813c216a:	48 89 ca             	mov    %rcx,%rdx
ffffffff813c216d:	49 39 d0             	cmp    %rdx,%r8
ffffffff813c2170:	0f 85 3e ff ff ff    	jne    0xffffffff813c20b4
ffffffff813c2176:	4c 3b 48 28          	cmp    0x28(%rax),%r9
ffffffff813c217a:	0f 85 34 ff ff ff    	jne    0xffffffff813c20b4
ffffffff813c2180:	4c 3b 50 30          	cmp    0x30(%rax),%r10
ffffffff813c2184:	0f 85 2a ff ff ff    	jne    0xffffffff813c20b4
ffffffff813c218a:	49 8b 47 38          	mov    0x38(%r15),%rax
ffffffff813c218e:	49 8b 57 48          	mov    0x48(%r15),%rdx
ffffffff813c2192:	48 85 c0             	test   %rax,%rax
ffffffff813c2195:	0f 84 b9 05 00 00    	je     0xffffffff813c2754
ffffffff813c219b:	48 8d 48 f0          	lea    -0x10(%rax),%rcx
ffffffff813c219f:	48 c7 c3 ff ff ff ff 	mov    $0xffffffffffffffff,%rbx
ffffffff813c21a6:	48 85 d2             	test   %rdx,%rdx
ffffffff813c21a9:	0f 85 12 05 00 00    	jne    0xffffffff813c26c1
ffffffff813c21af:	48 85 c9             	test   %rcx,%rcx
ffffffff813c21b2:	74 0b                	je     0xffffffff813c21bf
ffffffff813c21b4:	48 8b 40 28          	mov    0x28(%rax),%rax
ffffffff813c21b8:	48 39 c3             	cmp    %rax,%rbx
ffffffff813c21bb:	48 0f 47 d8          	cmova  %rax,%rbx
ffffffff813c21bf:	41 8b 97 60 01 00 00 	mov    0x160(%r15),%edx
ffffffff813c21c6:	41 29 6f 1c          	sub    %ebp,0x1c(%r15)
ffffffff813c21ca:	45 29 77 18          	sub    %r14d,0x18(%r15)
ffffffff813c21ce:	45 29 67 14          	sub    %r12d,0x14(%r15)
ffffffff813c21d2:	85 d2                	test   %edx,%edx
ffffffff813c21d4:	41 0f 4f ec          	cmovg  %r12d,%ebp
ffffffff813c21d8:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c21dd:	4d 8b ad a0 00 00 00 	mov    0xa0(%r13),%r13
ffffffff813c21e4:	4d 85 ed             	test   %r13,%r13
ffffffff813c21e7:	0f 85 7b fe ff ff    	jne    0xffffffff813c2068
ffffffff813c21ed:	48 8b 44 24 18       	mov    0x18(%rsp),%rax
ffffffff813c21f2:	8b 40 04             	mov    0x4(%rax),%eax
ffffffff813c21f5:	8b 74 24 24          	mov    0x24(%rsp),%esi
ffffffff813c21f9:	3b 74 24 28          	cmp    0x28(%rsp),%esi
ffffffff813c21fd:	0f 94 c3             	sete   %bl
ffffffff813c2200:	85 f6                	test   %esi,%esi
ffffffff813c2202:	48 8b 74 24 18       	mov    0x18(%rsp),%rsi
ffffffff813c2207:	0f 95 c2             	setne  %dl
ffffffff813c220a:	44 29 e0             	sub    %r12d,%eax
ffffffff813c220d:	21 d3                	and    %edx,%ebx
ffffffff813c220f:	89 46 04             	mov    %eax,0x4(%rsi)
ffffffff813c2212:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c2217:	84 db                	test   %bl,%bl
ffffffff813c2219:	0f 84 43 06 00 00    	je     0xffffffff813c2862
ffffffff813c221f:	48 83 7c 24 10 00    	cmpq   $0x0,0x10(%rsp)
ffffffff813c2225:	74 62                	je     0xffffffff813c2289
ffffffff813c2227:	f6 44 24 2c 01       	testb  $0x1,0x2c(%rsp)
ffffffff813c222c:	74 5b                	je     0xffffffff813c2289
ffffffff813c222e:	80 7c 24 23 00       	cmpb   $0x0,0x23(%rsp)
ffffffff813c2233:	0f 84 90 06 00 00    	je     0xffffffff813c28c9
ffffffff813c2239:	48 8b 44 24 10       	mov    0x10(%rsp),%rax
ffffffff813c223e:	83 78 68 01          	cmpl   $0x1,0x68(%rax)
ffffffff813c2242:	0f 85 88 06 00 00    	jne    0xffffffff813c28d0
ffffffff813c2248:	48 8b 5c 24 18       	mov    0x18(%rsp),%rbx
ffffffff813c224d:	48 89 df             	mov    %rbx,%rdi
ffffffff813c2250:	e8 9b 5f ff ff       	call   0xffffffff813b81f0   <hrtick_update>
ffffffff813c2255:	48 8b 44 24 10       	mov    0x10(%rsp),%rax
ffffffff813c225a:	f6 80 a4 04 00 00 02 	testb  $0x2,0x4a4(%rax)
ffffffff813c2261:	74 08                	je     0xffffffff813c226b
ffffffff813c2263:	48 83 83 98 0a 00 00 	addq   $0x1,0xa98(%rbx)
ffffffff813c226a:	01 
ffffffff813c226b:	48 8b 44 24 10       	mov    0x10(%rsp),%rax
ffffffff813c2270:	f6 80 a9 04 00 00 01 	testb  $0x1,0x4a9(%rax)
ffffffff813c2277:	0f 85 b2 05 00 00    	jne    0xffffffff813c282f
ffffffff813c227d:	48 8b 44 24 10       	mov    0x10(%rsp),%rax
ffffffff813c2282:	c7 40 68 00 00 00 00 	movl   $0x0,0x68(%rax)
ffffffff813c2289:	b8 01 00 00 00       	mov    $0x1,%eax
ffffffff813c228e:	48 83 c4 48          	add    $0x48,%rsp
ffffffff813c2292:	5b                   	pop    %rbx
ffffffff813c2293:	5d                   	pop    %rbp
ffffffff813c2294:	41 5c                	pop    %r12
ffffffff813c2296:	41 5d                	pop    %r13
ffffffff813c2298:	41 5e                	pop    %r14
ffffffff813c229a:	41 5f                	pop    %r15
ffffffff813c229c:	31 d2                	xor    %edx,%edx
ffffffff813c229e:	31 c9                	xor    %ecx,%ecx
ffffffff813c22a0:	31 f6                	xor    %esi,%esi
ffffffff813c22a2:	31 ff                	xor    %edi,%edi
ffffffff813c22a4:	45 31 c0             	xor    %r8d,%r8d
ffffffff813c22a7:	45 31 c9             	xor    %r9d,%r9d
ffffffff813c22aa:	45 31 d2             	xor    %r10d,%r10d
ffffffff813c22ad:	45 31 db             	xor    %r11d,%r11d
ffffffff813c22b0:	e9 56 1e d4 ff       	jmp    0xffffffff8110410b   <srso_alias_return_thunk>
ffffffff813c22b5:	4c 89 e8             	mov    %r13,%rax
ffffffff813c22b8:	0f 1f 84 00 00 00 00 	nopl   0x0(%rax,%rax,1)
ffffffff813c22bf:	00 
ffffffff813c22c0:	48 8b 90 a8 00 00 00 	mov    0xa8(%rax),%rdx
ffffffff813c22c7:	48 39 42 50          	cmp    %rax,0x50(%rdx)
ffffffff813c22cb:	0f 85 88 fb ff ff    	jne    0xffffffff813c1e59
ffffffff813c22d1:	48 c7 42 50 00 00 00 	movq   $0x0,0x50(%rdx)
ffffffff813c22d8:	00 
ffffffff813c22d9:	48 8b 80 a0 00 00 00 	mov    0xa0(%rax),%rax
ffffffff813c22e0:	48 85 c0             	test   %rax,%rax
ffffffff813c22e3:	75 db                	jne    0xffffffff813c22c0
ffffffff813c22e5:	e9 6f fb ff ff       	jmp    0xffffffff813c1e59
ffffffff813c22ea:	45 8b 9f 64 01 00 00 	mov    0x164(%r15),%r11d
ffffffff813c22f1:	45 85 db             	test   %r11d,%r11d
ffffffff813c22f4:	0f 84 11 fc ff ff    	je     0xffffffff813c1f0b
ffffffff813c22fa:	85 c0                	test   %eax,%eax
ffffffff813c22fc:	0f 85 09 fc ff ff    	jne    0xffffffff813c1f0b
ffffffff813c2302:	49 8b 87 68 01 00 00 	mov    0x168(%r15),%rax
ffffffff813c2309:	4c 8d b0 c0 bd f0 ff 	lea    -0xf4240(%rax),%r14
ffffffff813c2310:	4d 85 f6             	test   %r14,%r14
ffffffff813c2313:	0f 8e f2 fb ff ff    	jle    0xffffffff813c1f0b
ffffffff813c2319:	49 8b 97 58 01 00 00 	mov    0x158(%r15),%rdx
ffffffff813c2320:	4c 8d 9a c8 01 00 00 	lea    0x1c8(%rdx),%r11
ffffffff813c2327:	48 89 54 24 38       	mov    %rdx,0x38(%rsp)
ffffffff813c232c:	4c 89 df             	mov    %r11,%rdi
ffffffff813c232f:	4c 89 5c 24 30       	mov    %r11,0x30(%rsp)
ffffffff813c2334:	e8 97 02 e9 00       	call   0xffffffff822525d0   <_raw_spin_lock>
ffffffff813c2339:	48 8b 54 24 38       	mov    0x38(%rsp),%rdx
ffffffff813c233e:	4c 8b 5c 24 30       	mov    0x30(%rsp),%r11
ffffffff813c2343:	48 83 ba d8 01 00 00 	cmpq   $0xffffffffffffffff,0x1d8(%rdx)
ffffffff813c234a:	ff 
ffffffff813c234b:	0f 84 88 00 00 00    	je     0xffffffff813c23d9
ffffffff813c2351:	8b 05 a1 9f ab 01    	mov    0x1ab9fa1(%rip),%eax        # 0xffffffff82e7c2f8
ffffffff813c2357:	48 8b 8a e0 01 00 00 	mov    0x1e0(%rdx),%rcx
ffffffff813c235e:	48 69 c0 e8 03 00 00 	imul   $0x3e8,%rax,%rax
ffffffff813c2365:	4c 01 f1             	add    %r14,%rcx
ffffffff813c2368:	48 89 8a e0 01 00 00 	mov    %rcx,0x1e0(%rdx)
ffffffff813c236f:	48 39 c8             	cmp    %rcx,%rax
ffffffff813c2372:	73 65                	jae    0xffffffff813c23d9
ffffffff813c2374:	48 8b 8a 88 02 00 00 	mov    0x288(%rdx),%rcx
ffffffff813c237b:	48 8d 82 88 02 00 00 	lea    0x288(%rdx),%rax
ffffffff813c2382:	48 39 c1             	cmp    %rax,%rcx
ffffffff813c2385:	74 52                	je     0xffffffff813c23d9
ffffffff813c2387:	48 8b 82 38 02 00 00 	mov    0x238(%rdx),%rax
ffffffff813c238e:	48 8d ba 08 02 00 00 	lea    0x208(%rdx),%rdi
ffffffff813c2395:	48 3b 78 18          	cmp    0x18(%rax),%rdi
ffffffff813c2399:	74 3e                	je     0xffffffff813c23d9
ffffffff813c239b:	48 8b 82 20 02 00 00 	mov    0x220(%rdx),%rax
ffffffff813c23a2:	4c 89 5c 24 40       	mov    %r11,0x40(%rsp)
ffffffff813c23a7:	48 89 44 24 30       	mov    %rax,0x30(%rsp)
ffffffff813c23ac:	e8 cf c9 06 00       	call   0xffffffff8142ed80   <hrtimer_cb_get_time>
ffffffff813c23b1:	48 8b 4c 24 30       	mov    0x30(%rsp),%rcx
ffffffff813c23b6:	4c 8b 5c 24 40       	mov    0x40(%rsp),%r11
ffffffff813c23bb:	48 29 c1             	sub    %rax,%rcx
ffffffff813c23be:	48 81 f9 bf cf 6a 00 	cmp    $0x6acfbf,%rcx
ffffffff813c23c5:	7e 12                	jle    0xffffffff813c23d9
ffffffff813c23c7:	48 8b 54 24 38       	mov    0x38(%rsp),%rdx
ffffffff813c23cc:	80 ba 02 02 00 00 00 	cmpb   $0x0,0x202(%rdx)
ffffffff813c23d3:	0f 84 b8 04 00 00    	je     0xffffffff813c2891
ffffffff813c23d9:	4c 89 df             	mov    %r11,%rdi
ffffffff813c23dc:	e8 6f 03 e9 00       	call   0xffffffff82252750   <_raw_spin_unlock>
ffffffff813c23e1:	4d 29 b7 68 01 00 00 	sub    %r14,0x168(%r15)
ffffffff813c23e8:	e9 1e fb ff ff       	jmp    0xffffffff813c1f0b
ffffffff813c23ed:	41 8b 8f a4 01 00 00 	mov    0x1a4(%r15),%ecx
ffffffff813c23f4:	85 c9                	test   %ecx,%ecx
ffffffff813c23f6:	0f 84 71 fb ff ff    	je     0xffffffff813c1f6d
ffffffff813c23fc:	f6 44 24 0c 01       	testb  $0x1,0xc(%rsp)
ffffffff813c2401:	0f 84 66 fb ff ff    	je     0xffffffff813c1f6d
ffffffff813c2407:	4c 89 ff             	mov    %r15,%rdi
ffffffff813c240a:	e8 51 72 ff ff       	call   0xffffffff813b9660   <record_throttle_clock>
ffffffff813c240f:	4d 8b ad a0 00 00 00 	mov    0xa0(%r13),%r13
ffffffff813c2416:	49 83 3f 00          	cmpq   $0x0,(%r15)
ffffffff813c241a:	0f 84 5e fb ff ff    	je     0xffffffff813c1f7e
ffffffff813c2420:	49 8b 47 38          	mov    0x38(%r15),%rax
ffffffff813c2424:	49 8b 57 48          	mov    0x48(%r15),%rdx
ffffffff813c2428:	48 c7 c3 ff ff ff ff 	mov    $0xffffffffffffffff,%rbx
ffffffff813c242f:	48 85 c0             	test   %rax,%rax
ffffffff813c2432:	0f 84 9f 04 00 00    	je     0xffffffff813c28d7
ffffffff813c2438:	48 85 d2             	test   %rdx,%rdx
ffffffff813c243b:	74 0a                	je     0xffffffff813c2447
ffffffff813c243d:	80 7a 58 00          	cmpb   $0x0,0x58(%rdx)
ffffffff813c2441:	0f 85 9d 03 00 00    	jne    0xffffffff813c27e4
ffffffff813c2447:	48 89 c6             	mov    %rax,%rsi
ffffffff813c244a:	48 83 ee 10          	sub    $0x10,%rsi
ffffffff813c244e:	74 0b                	je     0xffffffff813c245b
ffffffff813c2450:	48 8b 40 28          	mov    0x28(%rax),%rax
ffffffff813c2454:	48 39 c3             	cmp    %rax,%rbx
ffffffff813c2457:	48 0f 47 d8          	cmova  %rax,%rbx
ffffffff813c245b:	4d 85 ed             	test   %r13,%r13
ffffffff813c245e:	0f 84 89 fd ff ff    	je     0xffffffff813c21ed
ffffffff813c2464:	80 7c 24 23 00       	cmpb   $0x0,0x23(%rsp)
ffffffff813c2469:	0f 85 63 03 00 00    	jne    0xffffffff813c27d2
ffffffff813c246f:	4d 85 ed             	test   %r13,%r13
ffffffff813c2472:	0f 84 75 fd ff ff    	je     0xffffffff813c21ed
ffffffff813c2478:	44 8b 74 24 08       	mov    0x8(%rsp),%r14d
ffffffff813c247d:	e9 e6 fb ff ff       	jmp    0xffffffff813c2068
ffffffff813c2482:	41 c6 45 59 00       	movb   $0x0,0x59(%r13)
ffffffff813c2487:	49 83 bd b0 00 00 00 	cmpq   $0x0,0xb0(%r13)
ffffffff813c248e:	00 
ffffffff813c248f:	0f 84 44 01 00 00    	je     0xffffffff813c25d9
ffffffff813c2495:	0f 1f 44 00 00       	nopl   0x0(%rax,%rax,1)
ffffffff813c249a:	49 83 bd 80 00 00 00 	cmpq   $0x0,0x80(%r13)
ffffffff813c24a1:	00 
ffffffff813c24a2:	0f 8e 79 fa ff ff    	jle    0xffffffff813c1f21
ffffffff813c24a8:	49 c7 85 80 00 00 00 	movq   $0x0,0x80(%r13)
ffffffff813c24af:	00 00 00 00 
ffffffff813c24b3:	e9 69 fa ff ff       	jmp    0xffffffff813c1f21
ffffffff813c24b8:	41 8b 45 e8          	mov    -0x18(%r13),%eax
ffffffff813c24bc:	31 d2                	xor    %edx,%edx
ffffffff813c24be:	83 f8 02             	cmp    $0x2,%eax
ffffffff813c24c1:	0f 94 c2             	sete   %dl
ffffffff813c24c4:	8d 14 d5 01 00 00 00 	lea    0x1(,%rdx,8),%edx
ffffffff813c24cb:	e9 b8 f9 ff ff       	jmp    0xffffffff813c1e88
ffffffff813c24d0:	45 8b 87 a4 01 00 00 	mov    0x1a4(%r15),%r8d
ffffffff813c24d7:	45 85 c0             	test   %r8d,%r8d
ffffffff813c24da:	0f 84 6b fa ff ff    	je     0xffffffff813c1f4b
ffffffff813c24e0:	41 8b bf 40 01 00 00 	mov    0x140(%r15),%edi
ffffffff813c24e7:	4d 8b b7 38 01 00 00 	mov    0x138(%r15),%r14
ffffffff813c24ee:	85 ff                	test   %edi,%edi
ffffffff813c24f0:	74 4e                	je     0xffffffff813c2540
ffffffff813c24f2:	49 8d bf 48 01 00 00 	lea    0x148(%r15),%rdi
ffffffff813c24f9:	49 39 be 90 0a 00 00 	cmp    %rdi,0xa90(%r14)
ffffffff813c2500:	0f 84 74 02 00 00    	je     0xffffffff813c277a
ffffffff813c2506:	e8 95 19 81 00       	call   0xffffffff81bd3ea0   <__list_del_entry_valid_or_report>
ffffffff813c250b:	84 c0                	test   %al,%al
ffffffff813c250d:	74 15                	je     0xffffffff813c2524
ffffffff813c250f:	49 8b 97 48 01 00 00 	mov    0x148(%r15),%rdx
ffffffff813c2516:	49 8b 87 50 01 00 00 	mov    0x150(%r15),%rax
ffffffff813c251d:	48 89 42 08          	mov    %rax,0x8(%rdx)
ffffffff813c2521:	48 89 10             	mov    %rdx,(%rax)
ffffffff813c2524:	48 b8 22 01 00 00 00 	movabs $0xdead000000000122,%rax
ffffffff813c252b:	00 ad de 
ffffffff813c252e:	41 c7 87 40 01 00 00 	movl   $0x0,0x140(%r15)
ffffffff813c2535:	00 00 00 00 
ffffffff813c2539:	49 89 87 50 01 00 00 	mov    %rax,0x150(%r15)
ffffffff813c2540:	41 83 be d0 0a 00 00 	cmpl   $0x1,0xad0(%r14)
ffffffff813c2547:	01 
ffffffff813c2548:	0f 86 7d 02 00 00    	jbe    0xffffffff813c27cb
ffffffff813c254e:	49 8b 86 08 0b 00 00 	mov    0xb08(%r14),%rax
ffffffff813c2555:	49 2b 86 10 0b 00 00 	sub    0xb10(%r14),%rax
ffffffff813c255c:	49 89 87 80 01 00 00 	mov    %rax,0x180(%r15)
ffffffff813c2563:	41 80 8f a0 01 00 00 	orb    $0x2,0x1a0(%r15)
ffffffff813c256a:	02 
ffffffff813c256b:	e9 db f9 ff ff       	jmp    0xffffffff813c1f4b
ffffffff813c2570:	49 8b 87 38 01 00 00 	mov    0x138(%r15),%rax
ffffffff813c2577:	31 d2                	xor    %edx,%edx
ffffffff813c2579:	4d 8d 75 48          	lea    0x48(%r13),%r14
ffffffff813c257d:	41 83 bd 8c 09 00 00 	cmpl   $0xffffffff,0x98c(%r13)
ffffffff813c2584:	ff 
ffffffff813c2585:	0f 95 c2             	setne  %dl
ffffffff813c2588:	4c 89 f7             	mov    %r14,%rdi
ffffffff813c258b:	29 50 08             	sub    %edx,0x8(%rax)
ffffffff813c258e:	49 63 4d 94          	movslq -0x6c(%r13),%rcx
ffffffff813c2592:	48 c7 c2 c0 4f 91 83 	mov    $0xffffffff83914fc0,%rdx
ffffffff813c2599:	41 8b b5 8c 09 00 00 	mov    0x98c(%r13),%esi
ffffffff813c25a0:	48 8b 0c cd 80 60 86 	mov    -0x7d799f80(,%rcx,8),%rcx
ffffffff813c25a7:	82 
ffffffff813c25a8:	39 34 11             	cmp    %esi,(%rcx,%rdx,1)
ffffffff813c25ab:	0f 94 c2             	sete   %dl
ffffffff813c25ae:	0f b6 d2             	movzbl %dl,%edx
ffffffff813c25b1:	29 50 0c             	sub    %edx,0xc(%rax)
ffffffff813c25b4:	e8 e7 18 81 00       	call   0xffffffff81bd3ea0   <__list_del_entry_valid_or_report>
ffffffff813c25b9:	84 c0                	test   %al,%al
ffffffff813c25bb:	74 0f                	je     0xffffffff813c25cc
ffffffff813c25bd:	49 8b 55 48          	mov    0x48(%r13),%rdx
ffffffff813c25c1:	49 8b 45 50          	mov    0x50(%r13),%rax
ffffffff813c25c5:	48 89 42 08          	mov    %rax,0x8(%rdx)
ffffffff813c25c9:	48 89 10             	mov    %rdx,(%rax)
ffffffff813c25cc:	4d 89 75 48          	mov    %r14,0x48(%r13)
ffffffff813c25d0:	4d 89 75 50          	mov    %r14,0x50(%r13)
ffffffff813c25d4:	e9 22 f9 ff ff       	jmp    0xffffffff813c1efb
ffffffff813c25d9:	4c 89 e8             	mov    %r13,%rax
ffffffff813c25dc:	0f 1f 40 00          	nopl   0x0(%rax)
ffffffff813c25e0:	48 8b 90 a8 00 00 00 	mov    0xa8(%rax),%rdx
ffffffff813c25e7:	83 42 18 01          	addl   $0x1,0x18(%rdx)
ffffffff813c25eb:	48 8b 80 a0 00 00 00 	mov    0xa0(%rax),%rax
ffffffff813c25f2:	48 85 c0             	test   %rax,%rax
ffffffff813c25f5:	75 e9                	jne    0xffffffff813c25e0
ffffffff813c25f7:	e9 99 fe ff ff       	jmp    0xffffffff813c2495
ffffffff813c25fc:	41 80 7d 59 00       	cmpb   $0x0,0x59(%r13)
ffffffff813c2601:	0f 84 ba f9 ff ff    	je     0xffffffff813c1fc1
ffffffff813c2607:	0f 0b                	ud2
ffffffff813c2609:	e9 b3 f9 ff ff       	jmp    0xffffffff813c1fc1
ffffffff813c260e:	44 89 e6             	mov    %r12d,%esi
ffffffff813c2611:	48 8b 7c 24 18       	mov    0x18(%rsp),%rdi
ffffffff813c2616:	f7 de                	neg    %esi
ffffffff813c2618:	e8 83 0a ff ff       	call   0xffffffff813b30a0   <call_trace_sched_update_nr_running>
ffffffff813c261d:	e9 f5 fb ff ff       	jmp    0xffffffff813c2217
ffffffff813c2622:	48 85 f6             	test   %rsi,%rsi
ffffffff813c2625:	0f 84 da 00 00 00    	je     0xffffffff813c2705
ffffffff813c262b:	48 8b 56 20          	mov    0x20(%rsi),%rdx
ffffffff813c262f:	48 89 cf             	mov    %rcx,%rdi
ffffffff813c2632:	48 29 d7             	sub    %rdx,%rdi
ffffffff813c2635:	48 85 ff             	test   %rdi,%rdi
ffffffff813c2638:	0f 8e d4 00 00 00    	jle    0xffffffff813c2712
ffffffff813c263e:	48 89 50 20          	mov    %rdx,0x20(%rax)
ffffffff813c2642:	48 89 58 28          	mov    %rbx,0x28(%rax)
ffffffff813c2646:	48 8b 4e 28          	mov    0x28(%rsi),%rcx
ffffffff813c264a:	48 39 d9             	cmp    %rbx,%rcx
ffffffff813c264d:	0f 83 d9 00 00 00    	jae    0xffffffff813c272c
ffffffff813c2653:	48 89 48 28          	mov    %rcx,0x28(%rax)
ffffffff813c2657:	48 89 d1             	mov    %rdx,%rcx
ffffffff813c265a:	48 89 58 30          	mov    %rbx,0x30(%rax)
ffffffff813c265e:	e9 fa fa ff ff       	jmp    0xffffffff813c215d
ffffffff813c2663:	48 89 58 30          	mov    %rbx,0x30(%rax)
ffffffff813c2667:	48 8b 57 30          	mov    0x30(%rdi),%rdx
ffffffff813c266b:	48 39 d3             	cmp    %rdx,%rbx
ffffffff813c266e:	0f 82 de fa ff ff    	jb     0xffffffff813c2152
ffffffff813c2674:	e9 e0 fa ff ff       	jmp    0xffffffff813c2159
ffffffff813c2679:	48 89 50 28          	mov    %rdx,0x28(%rax)
ffffffff813c267d:	e9 b2 fa ff ff       	jmp    0xffffffff813c2134
ffffffff813c2682:	48 89 58 28          	mov    %rbx,0x28(%rax)
ffffffff813c2686:	48 8b 4f 28          	mov    0x28(%rdi),%rcx
ffffffff813c268a:	48 89 58 30          	mov    %rbx,0x30(%rax)
ffffffff813c268e:	48 39 d9             	cmp    %rbx,%rcx
ffffffff813c2691:	48 0f 47 cb          	cmova  %rbx,%rcx
ffffffff813c2695:	48 89 48 28          	mov    %rcx,0x28(%rax)
ffffffff813c2699:	48 8b 4f 30          	mov    0x30(%rdi),%rcx
ffffffff813c269d:	48 39 d9             	cmp    %rbx,%rcx
ffffffff813c26a0:	48 0f 42 cb          	cmovb  %rbx,%rcx
ffffffff813c26a4:	48 89 48 30          	mov    %rcx,0x30(%rax)
ffffffff813c26a8:	e9 c0 fa ff ff       	jmp    0xffffffff813c216d
ffffffff813c26ad:	49 8b 47 38          	mov    0x38(%r15),%rax
ffffffff813c26b1:	48 85 c0             	test   %rax,%rax
ffffffff813c26b4:	0f 84 ab 00 00 00    	je     0xffffffff813c2765
ffffffff813c26ba:	48 8d 48 f0          	lea    -0x10(%rax),%rcx
ffffffff813c26be:	4c 89 ea             	mov    %r13,%rdx
ffffffff813c26c1:	48 c7 c3 ff ff ff ff 	mov    $0xffffffffffffffff,%rbx
ffffffff813c26c8:	80 7a 58 00          	cmpb   $0x0,0x58(%rdx)
ffffffff813c26cc:	0f 84 dd fa ff ff    	je     0xffffffff813c21af
ffffffff813c26d2:	48 8b 9a 88 00 00 00 	mov    0x88(%rdx),%rbx
ffffffff813c26d9:	e9 d1 fa ff ff       	jmp    0xffffffff813c21af
ffffffff813c26de:	41 8b 87 a4 01 00 00 	mov    0x1a4(%r15),%eax
ffffffff813c26e5:	85 c0                	test   %eax,%eax
ffffffff813c26e7:	0f 84 f0 fa ff ff    	je     0xffffffff813c21dd
ffffffff813c26ed:	f6 44 24 0c 01       	testb  $0x1,0xc(%rsp)
ffffffff813c26f2:	0f 84 e5 fa ff ff    	je     0xffffffff813c21dd
ffffffff813c26f8:	4c 89 ff             	mov    %r15,%rdi
ffffffff813c26fb:	e8 60 6f ff ff       	call   0xffffffff813b9660   <record_throttle_clock>
ffffffff813c2700:	e9 d8 fa ff ff       	jmp    0xffffffff813c21dd
ffffffff813c2705:	48 89 58 28          	mov    %rbx,0x28(%rax)
ffffffff813c2709:	48 89 58 30          	mov    %rbx,0x30(%rax)
ffffffff813c270d:	e9 5b fa ff ff       	jmp    0xffffffff813c216d
ffffffff813c2712:	48 89 58 28          	mov    %rbx,0x28(%rax)
ffffffff813c2716:	48 8b 56 28          	mov    0x28(%rsi),%rdx
ffffffff813c271a:	48 39 da             	cmp    %rbx,%rdx
ffffffff813c271d:	73 19                	jae    0xffffffff813c2738
ffffffff813c271f:	48 89 50 28          	mov    %rdx,0x28(%rax)
ffffffff813c2723:	48 89 58 30          	mov    %rbx,0x30(%rax)
ffffffff813c2727:	e9 31 fa ff ff       	jmp    0xffffffff813c215d
ffffffff813c272c:	48 89 58 30          	mov    %rbx,0x30(%rax)
ffffffff813c2730:	48 89 d1             	mov    %rdx,%rcx
ffffffff813c2733:	e9 25 fa ff ff       	jmp    0xffffffff813c215d
ffffffff813c2738:	48 89 58 30          	mov    %rbx,0x30(%rax)
ffffffff813c273c:	e9 1c fa ff ff       	jmp    0xffffffff813c215d
ffffffff813c2741:	0f 0b                	ud2
ffffffff813c2743:	e9 2d f7 ff ff       	jmp    0xffffffff813c1e75
ffffffff813c2748:	48 c7 c0 ff ff ff ff 	mov    $0xffffffffffffffff,%rax
ffffffff813c274f:	e9 eb f7 ff ff       	jmp    0xffffffff813c1f3f
ffffffff813c2754:	48 85 d2             	test   %rdx,%rdx
ffffffff813c2757:	75 0f                	jne    0xffffffff813c2768
ffffffff813c2759:	48 c7 c3 ff ff ff ff 	mov    $0xffffffffffffffff,%rbx
ffffffff813c2760:	e9 5a fa ff ff       	jmp    0xffffffff813c21bf
ffffffff813c2765:	4c 89 ea             	mov    %r13,%rdx
ffffffff813c2768:	80 7a 58 00          	cmpb   $0x0,0x58(%rdx)
ffffffff813c276c:	74 eb                	je     0xffffffff813c2759
ffffffff813c276e:	48 8b 9a 88 00 00 00 	mov    0x88(%rdx),%rbx
ffffffff813c2775:	e9 45 fa ff ff       	jmp    0xffffffff813c21bf
ffffffff813c277a:	49 8b 87 50 01 00 00 	mov    0x150(%r15),%rax
ffffffff813c2781:	49 89 86 90 0a 00 00 	mov    %rax,0xa90(%r14)
ffffffff813c2788:	e9 79 fd ff ff       	jmp    0xffffffff813c2506
ffffffff813c278d:	31 ed                	xor    %ebp,%ebp
ffffffff813c278f:	49 8d 45 80          	lea    -0x80(%r13),%rax
ffffffff813c2793:	41 83 bd 8c 02 00 00 	cmpl   $0x5,0x28c(%r13)
ffffffff813c279a:	05 
ffffffff813c279b:	48 89 44 24 10       	mov    %rax,0x10(%rsp)
ffffffff813c27a0:	40 0f 94 c5          	sete   %bpl
ffffffff813c27a4:	80 7c 24 23 00       	cmpb   $0x0,0x23(%rsp)
ffffffff813c27a9:	75 71                	jne    0xffffffff813c281c
ffffffff813c27ab:	f6 44 24 2c 01       	testb  $0x1,0x2c(%rsp)
ffffffff813c27b0:	75 6a                	jne    0xffffffff813c281c
ffffffff813c27b2:	31 c0                	xor    %eax,%eax
ffffffff813c27b4:	41 80 7d 59 00       	cmpb   $0x0,0x59(%r13)
ffffffff813c27b9:	41 bc 01 00 00 00    	mov    $0x1,%r12d
ffffffff813c27bf:	0f 94 c0             	sete   %al
ffffffff813c27c2:	89 44 24 08          	mov    %eax,0x8(%rsp)
ffffffff813c27c6:	e9 59 f6 ff ff       	jmp    0xffffffff813c1e24
ffffffff813c27cb:	0f 0b                	ud2
ffffffff813c27cd:	e9 7c fd ff ff       	jmp    0xffffffff813c254e
ffffffff813c27d2:	4c 89 ef             	mov    %r13,%rdi
ffffffff813c27d5:	e8 96 48 ff ff       	call   0xffffffff813b7070   <set_next_buddy>
ffffffff813c27da:	44 8b 74 24 08       	mov    0x8(%rsp),%r14d
ffffffff813c27df:	e9 84 f8 ff ff       	jmp    0xffffffff813c2068
ffffffff813c27e4:	48 8b 9a 88 00 00 00 	mov    0x88(%rdx),%rbx
ffffffff813c27eb:	e9 57 fc ff ff       	jmp    0xffffffff813c2447
ffffffff813c27f0:	4c 89 e8             	mov    %r13,%rax
ffffffff813c27f3:	66 90                	xchg   %ax,%ax
ffffffff813c27f5:	66 66 2e 0f 1f 84 00 	data16 cs nopw 0x0(%rax,%rax,1)
ffffffff813c27fc:	00 00 00 00 
ffffffff813c2800:	48 8b 90 a8 00 00 00 	mov    0xa8(%rax),%rdx
ffffffff813c2807:	83 6a 18 01          	subl   $0x1,0x18(%rdx)
ffffffff813c280b:	48 8b 80 a0 00 00 00 	mov    0xa0(%rax),%rax
ffffffff813c2812:	48 85 c0             	test   %rax,%rax
ffffffff813c2815:	75 e9                	jne    0xffffffff813c2800
ffffffff813c2817:	e9 ee f7 ff ff       	jmp    0xffffffff813c200a
ffffffff813c281c:	c7 44 24 08 01 00 00 	movl   $0x1,0x8(%rsp)
ffffffff813c2823:	00 
ffffffff813c2824:	41 bc 01 00 00 00    	mov    $0x1,%r12d
ffffffff813c282a:	e9 f5 f5 ff ff       	jmp    0xffffffff813c1e24
ffffffff813c282f:	48 8b 44 24 18       	mov    0x18(%rsp),%rax
ffffffff813c2834:	f0 ff 80 28 0b 00 00 	lock incl 0xb28(%rax)
ffffffff813c283b:	66 90                	xchg   %ax,%ax
ffffffff813c283d:	e9 3b fa ff ff       	jmp    0xffffffff813c227d
ffffffff813c2842:	65 48 8b 05 ce b7 53 	mov    %gs:0x253b7ce(%rip),%rax        # 0xffffffff838fe018
ffffffff813c2849:	02 
ffffffff813c284a:	48 83 b8 f8 0a 00 00 	cmpq   $0x0,0xaf8(%rax)
ffffffff813c2851:	00 
ffffffff813c2852:	0f 84 25 fa ff ff    	je     0xffffffff813c227d
ffffffff813c2858:	e8 23 ca 0c 00       	call   0xffffffff8148f280   <__delayacct_blkio_start>
ffffffff813c285d:	e9 1b fa ff ff       	jmp    0xffffffff813c227d
ffffffff813c2862:	48 8b 74 24 18       	mov    0x18(%rsp),%rsi
ffffffff813c2867:	8b 46 04             	mov    0x4(%rsi),%eax
ffffffff813c286a:	39 86 9c 00 00 00    	cmp    %eax,0x9c(%rsi)
ffffffff813c2870:	0f 85 a9 f9 ff ff    	jne    0xffffffff813c221f
ffffffff813c2876:	85 c0                	test   %eax,%eax
ffffffff813c2878:	0f 84 a1 f9 ff ff    	je     0xffffffff813c221f
ffffffff813c287e:	48 8b 05 fb 70 a4 01 	mov    0x1a470fb(%rip),%rax        # 0xffffffff82e09980
ffffffff813c2885:	48 89 86 c0 0a 00 00 	mov    %rax,0xac0(%rsi)
ffffffff813c288c:	e9 8e f9 ff ff       	jmp    0xffffffff813c221f
ffffffff813c2891:	b9 01 00 00 00       	mov    $0x1,%ecx
ffffffff813c2896:	be 40 4b 4c 00       	mov    $0x4c4b40,%esi
ffffffff813c289b:	4c 89 5c 24 30       	mov    %r11,0x30(%rsp)
ffffffff813c28a0:	48 8d ba 48 02 00 00 	lea    0x248(%rdx),%rdi
ffffffff813c28a7:	c6 82 02 02 00 00 01 	movb   $0x1,0x202(%rdx)
ffffffff813c28ae:	31 d2                	xor    %edx,%edx
ffffffff813c28b0:	e8 cb be 06 00       	call   0xffffffff8142e780   <hrtimer_start_range_ns>
ffffffff813c28b5:	4c 8b 5c 24 30       	mov    0x30(%rsp),%r11
ffffffff813c28ba:	e9 1a fb ff ff       	jmp    0xffffffff813c23d9
ffffffff813c28bf:	b8 ff ff ff ff       	mov    $0xffffffff,%eax
ffffffff813c28c4:	e9 c5 f9 ff ff       	jmp    0xffffffff813c228e
ffffffff813c28c9:	0f 0b                	ud2
ffffffff813c28cb:	e9 69 f9 ff ff       	jmp    0xffffffff813c2239
ffffffff813c28d0:	0f 0b                	ud2
ffffffff813c28d2:	e9 71 f9 ff ff       	jmp    0xffffffff813c2248
ffffffff813c28d7:	48 85 d2             	test   %rdx,%rdx
ffffffff813c28da:	0f 84 7b fb ff ff    	je     0xffffffff813c245b
ffffffff813c28e0:	80 7a 58 00          	cmpb   $0x0,0x58(%rdx)
ffffffff813c28e4:	0f 84 71 fb ff ff    	je     0xffffffff813c245b
ffffffff813c28ea:	48 8b 9a 88 00 00 00 	mov    0x88(%rdx),%rbx
ffffffff813c28f1:	e9 65 fb ff ff       	jmp    0xffffffff813c245b
ffffffff813c28f6:	48 85 d2             	test   %rdx,%rdx
ffffffff813c28f9:	0f 84 79 fb ff ff    	je     0xffffffff813c2478
ffffffff813c28ff:	80 7a 58 00          	cmpb   $0x0,0x58(%rdx)
ffffffff813c2903:	0f 84 6f fb ff ff    	je     0xffffffff813c2478
ffffffff813c2909:	48 8b 9a 88 00 00 00 	mov    0x88(%rdx),%rbx
ffffffff813c2910:	44 8b 74 24 08       	mov    0x8(%rsp),%r14d
ffffffff813c2915:	e9 4e f7 ff ff       	jmp    0xffffffff813c2068
ffffffff813c291a:	66 0f 1f 44 00 00    	nopw   0x0(%rax,%rax,1)
