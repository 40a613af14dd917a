#!/usr/bin/env python3
"""Writes a synthetic CombineTrace trace (JSON Lines) to stdout, for looking at and measuring the
HTML report on more than the demo: many call sites, marks in close clusters, leaked, discarded,
cancelled and finished subscriptions, labels with characters HTML must escape.

Usage: scripts/generate-trace.py [--sites N] [--subs N] [--values N] [--heavy N] [--marks N] [--cluster N] [--seed N]
  --sites   call sites (default 12)
  --subs    subscriptions per site (default 4)
  --values  values per subscription (default 6)
  --heavy   one site in five gets this many times as many values (default 100; 1: none)
  --marks   marks, in clusters a few microseconds apart (default 12)
  --cluster marks per cluster (default 3)
Deterministic for a given seed."""
import argparse
import json
import random
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sites", type=int, default=12)
    parser.add_argument("--subs", type=int, default=4)
    parser.add_argument("--values", type=int, default=6)
    parser.add_argument("--marks", type=int, default=12)
    parser.add_argument("--heavy", type=int, default=100)
    parser.add_argument("--cluster", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    span = 50_000_000  # 50 ms
    events = []  # (time, order, fields)

    names = ["screen.appear", "screen.disappear", "tab.switch", "reply <200 OK>", "scroll & load", "login \"ok\""]
    for index in range(args.marks):
        size = max(1, args.cluster)
        cluster = index // size
        base = span * (cluster + 1) // (args.marks // size + 2)
        events.append((base + (index % size) * rng.randint(2_000, 40_000), len(events),
                       {"ev": "mark", "name": f"{names[index % len(names)]} {index + 1}"}))

    sub = 0
    for site_index in range(args.sites):
        site = f"App/Feature{site_index % 5}/Screen{site_index}.swift:{20 + site_index * 7}"
        label = f"feature{site_index}.stream" if site_index % 4 else f"feed<{site_index}> & \"items\""
        for _ in range(args.subs):
            sub += 1
            start = rng.randint(0, span * 8 // 10)
            fate = rng.choice(["leaked", "discarded", "cancel", "cancel", "finished"])
            events.append((start, len(events), {"ev": "subscribe", "sub": sub, "label": label, "site": site, "downstream": "sink"}))
            events.append((start + 500, len(events), {"ev": "request", "sub": sub, "demand": "unlimited"}))
            if fate == "discarded":
                events.append((start + 2_000, len(events), {"ev": "cancel", "sub": sub}))
                continue
            end = span if fate == "leaked" else rng.randint(start + 10_000, span)
            count = args.values * (args.heavy if site_index % 5 == 2 else 1)
            for value in range(count):
                events.append((start + 1_000 + (end - start - 2_000) * value // max(count, 1), len(events),
                               {"ev": "value", "sub": sub, "desc": f"item {value} <b>&amp;</b>"}))
            if fate == "cancel":
                events.append((end, len(events), {"ev": "cancel", "sub": sub}))
            elif fate == "finished":
                events.append((end, len(events), {"ev": "finished", "sub": sub}))

    events.sort(key=lambda item: (item[0], item[1]))
    out = sys.stdout
    for seq, (time, _, fields) in enumerate(events, start=1):
        line = {"v": 1, "seq": seq, "t": time + 1_000_000, "thread": "main"}
        line.update(fields)
        # "ev" second after the common fields, as the recorder writes them.
        ordered = {"v": 1, "seq": seq, "t": line["t"], "ev": line.pop("ev"), "thread": "main"}
        ordered.update({k: v for k, v in line.items() if k not in ordered})
        out.write(json.dumps(ordered, ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
