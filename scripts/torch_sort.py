#!/usr/bin/env python3
# torch.sort beside texsort bench on the device: stable sort of float32 keys (the luma range) with
# their indices, CUDA events, median of 10 after 3 warm-ups.
import statistics, torch
torch.manual_seed(20261122)
print("torch", torch.__version__, torch.cuda.get_device_name(0))
for log2n in (18, 20, 22, 24):
    n = 1 << log2n
    keys = torch.randint(0, 255001, (n,), device="cuda", dtype=torch.int32).float()
    times = []
    for run in range(13):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        values, order = torch.sort(keys, stable=True)
        end.record()
        torch.cuda.synchronize()
        if run >= 3:
            times.append(start.elapsed_time(end))
    print(f"torch.sort stable float32 n=2^{log2n}: {statistics.median(times):.3f} ms")
