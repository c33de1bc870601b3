#!/usr/bin/env python3
"""Closed-loop MQTT property reports from paho-mqtt (a client nobody here wrote), for `make bench`.

    mqtt-load.py --accounts FILE --port N [--seconds S] [--responder USER:PASSWORD]

FILE is a JSON list of devices: {"sn", "productKey", "user", "clientId", "password"}. Each device
connects, listens on its reply topic, then reports four properties at QoS 1 and waits for the
answer on `<topic>_reply` before it sends the next: a closed loop, as a device does. Prints one
JSON line: reports answered, seconds, reports a second, p50 and p99 of publish to answer (ms),
and the answers that were not 200. The devices run in --processes processes (4), a thread each,
each from an address of its own in 127.0.0.0/8.

With --responder, one more client per process (signed in with USER:PASSWORD) answers every report
of that process's devices on its reply topic itself: run against a plain broker, that is the anchor, what one MQTT round trip costs on
this machine without the console behind it.
"""

import argparse
import json
import multiprocessing
import socket
import statistics
import threading
import time

import paho.mqtt.client as mqtt

REPORT = "/sys/{product}/{sn}/thing/event/property/post"


def source_address(n):
    """The n-th client's own address in 127.0.0.0/8: a gateway bounds the connections one
    address may have signing in at once, and one address has too few ports for a fleet."""
    n += 2
    return f"127.{(n >> 16) & 255}.{(n >> 8) & 255}.{n & 255}"


def connected(client_id, user, password, port, on_message=None, source="127.0.0.1"):
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id, protocol=mqtt.MQTTv311)
    client.username_pw_set(user, password)
    if on_message:
        client.on_message = on_message
    ready = threading.Event()
    client.on_connect = lambda c, u, f, reason, p: ready.set()
    client.connect("127.0.0.1", port, keepalive=60, bind_address=source)
    # Each packet goes at once, as the gateway and the broker send theirs (Nagle's algorithm held a
    # reply back for the previous segment's delayed ACK: 44 ms a round trip).
    client.socket().setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    client.loop_start()
    if not ready.wait(10):
        raise SystemExit(f"{client_id}: not connected within 10 s")
    return client


def responder(user_password, port, accounts, name):
    """Answers every report of `accounts` on its reply topic. One per process: a paho client
    reads one packet per turn of its loop, and one responder for all was the bound (1,230/s)."""
    user, password = user_password.split(":", 1)

    def answer(client, _userdata, message):
        try:
            sent = json.loads(message.payload)
        except ValueError:
            return
        client.publish(message.topic + "_reply", json.dumps({"id": sent.get("id"), "code": 200}), qos=0)

    client = connected(name, user, password, port, answer)
    for account in accounts:
        client.subscribe(REPORT.format(product=account["productKey"], sn=account["sn"]), qos=0)
    time.sleep(0.5)
    return client


def device(account, port, begin, stop, results):
    topic = REPORT.format(product=account["productKey"], sn=account["sn"])
    answered = threading.Event()
    answer = {}

    def heard(_client, _userdata, message):
        if message.topic == topic + "_reply":
            answer["body"] = message.payload
            answered.set()

    client = connected(account["clientId"], account["user"], account["password"], port, heard, account["source"])
    client.subscribe(topic + "_reply", qos=0)
    time.sleep(0.2)
    begin.wait()
    took, refused, n = [], 0, 0
    while not stop.is_set():
        n += 1
        answered.clear()
        # Four properties of the bench's vacuum thing model, each within its range.
        params = {"battery": n % 101, "waterLevel": n % 101, "cleanedArea": n % 501, "cleaningTime": n % 601}
        report = {"id": n, "version": "1.0", "params": params}
        started = time.perf_counter()
        client.publish(topic, json.dumps(report), qos=1)
        if not answered.wait(10):
            refused += 1
            break
        took.append((time.perf_counter() - started) * 1000)
        if json.loads(answer["body"]).get("code") != 200:
            refused += 1
    client.loop_stop()
    client.disconnect()
    results.put((took, refused))


def process(accounts, port, begin, stop, results, answering, name):
    """Runs its share of the devices, a thread each, and their responder if there is one."""
    answerer = responder(answering, port, accounts, name) if answering else None
    threads = [threading.Thread(target=device, args=(a, port, begin, stop, results)) for a in accounts]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if answerer:
        answerer.loop_stop()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--accounts", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--responder")
    parser.add_argument("--processes", type=int, default=4)
    args = parser.parse_args()
    with open(args.accounts) as f:
        accounts = json.load(f)
    for n, account in enumerate(accounts):
        account["source"] = source_address(n)
    shares = [accounts[i :: args.processes] for i in range(args.processes)]
    shares = [share for share in shares if share]
    # The clock starts once every device is connected and listening.
    begin, stop = multiprocessing.Barrier(len(accounts) + 1, timeout=60), multiprocessing.Event()
    results = multiprocessing.Queue()
    processes = [
        multiprocessing.Process(target=process, args=(share, args.port, begin, stop, results, args.responder, f"bench-responder-{n}"))
        for n, share in enumerate(shares)
    ]
    for p in processes:
        p.start()
    begin.wait()
    started = time.monotonic()
    time.sleep(args.seconds)
    stop.set()
    results = [results.get(timeout=args.seconds + 30) for _ in accounts]
    for p in processes:
        p.join()
    seconds = time.monotonic() - started
    took = sorted(t for ts, _ in results for t in ts)
    refused = sum(r for _, r in results)
    figures = {
        "reports": len(took),
        "seconds": round(seconds, 2),
        "per_s": round(len(took) / seconds, 1),
        "p50_ms": round(statistics.median(took), 2) if took else None,
        "p99_ms": round(took[min(len(took) - 1, int(len(took) * 0.99))], 2) if took else None,
        "refused": refused,
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
