# Two processes ping-pong one byte over two pipes (WF_SYNC wake-ups), N round trips, the parent
# sleeping GAP seconds between them (0: back to back). Usage: pingpong.py N GAP
import os, time, sys
r1, w1 = os.pipe(); r2, w2 = os.pipe()
pid = os.fork()
if pid == 0:
    while True:
        b = os.read(r1, 1)
        if b == b'q': os._exit(0)
        os.write(w2, b'x')
n = int(sys.argv[1]); gap = float(sys.argv[2])
for i in range(n):
    os.write(w1, b'p'); os.read(r2, 1)
    if gap: time.sleep(gap)
os.write(w1, b'q'); os.wait()
