"""The emulated Pico W's server, reachable from the host: a forward of 127.0.0.1:PORT to the guest's port 80.

rp2040py 0.3.6 emulates the Pico W's CYW43439 in station mode: the guest joins an emulated access
point, gets 10.0.0.2 by DHCP, and rp2040py's NatBridge carries the connections the *guest* opens.
Nothing carries a connection from the host *to* the guest (a phone opening the board's page), so
`Forward` stands on the emulated subnet as one more host, 10.0.0.3 (FORWARDER_IP): every host
connection to 127.0.0.1:PORT becomes a TCP connection from 10.0.0.3 to the guest's port 80, its
segments built with rp2040py's own packet helpers (`external.cyw43.net`) and handed to the radio
with `GSPIBus.queue_rx_ethernet_frame()`. The guest's frames come from `GSPIBus.nat_bridge` (every
frame the guest sends goes there): `Forward` takes that place, keeps ARP for 10.0.0.3 and the TCP
segments to it, and passes everything else to rp2040py's NatBridge unchanged (DHCP, the gateway).

The link is in-process and lossless, so there is no retransmission; the guest's advertised window
is respected (its lwIP buffers are small). One guest, TCP only.

The lwIP accept trap: MicroPython's socket layer refuses data that reaches a connection Python has
not accept()ed yet, and lwIP offers it again only on its 250 ms timer. A request sent right behind
the handshake would wait that long (emulated) on every connection, so the first bytes go
ACCEPT_GRACE_MS (emulated) after the handshake, the time the firmware's loop needs to accept.
"""
import asyncio
import os
import random

from rp2040py.external.cyw43 import net
from rp2040py.external.cyw43.nat import GUEST_IP

FORWARDER_IP = bytes([10, 0, 0, 3])
FORWARDER_MAC = bytes([0x02, 0x00, 0x00, 0x00, 0x00, 0x03])   # locally administered, as the gateway's
GUEST_PORT = 80
MSS = 536                      # what we announce and send: lwIP's default TCP_MSS
WINDOW = 65535                 # what we announce: the host side buffers whatever the guest sends
ACCEPT_GRACE_MS = 20           # see the module's docstring
CONNECT_TRIES = 50             # SYNs refused (RST: nothing listening yet) before giving up ...
RETRY_MS = 200                 # ... one every this many emulated ms
SYN_WAIT_MS = 3000             # a SYN the guest never answers (no link) counts as refused after this
TRACE = os.environ.get("EMU_NET_TRACE") == "1"     # every forwarded segment on stderr


def _ip(b):
    return ".".join(str(x) for x in b)


class EmulatedTime:
    """Sleeps on the Pico's clock (an alarm), not the host's: the board is 25-30x slower than
    real time when busy and faster when idle."""

    def __init__(self, clock):
        self.clock = clock

    @property
    def ms(self):
        return self.clock.nanos / 1e6

    async def sleep_ms(self, ms):
        done = asyncio.Event()
        alarm = self.clock.create_alarm(done.set)
        alarm.schedule(max(ms * 1e6, 1))
        try:
            await done.wait()
        finally:
            alarm.cancel()


class Connection:
    """One forwarded connection: the forwarder's end of 10.0.0.3:port <-> 10.0.0.2:80, and the
    host's socket it relays to. Segments from the guest arrive synchronously from inside the
    emulated CPU (on_segment): nothing there may block."""

    def __init__(self, forward, port, writer):
        self.forward, self.port, self.writer = forward, port, writer
        self.seq = random.getrandbits(32)     # the next sequence number we send
        self.ack = 0                          # the next one we expect from the guest
        self.guest_acked = self.seq           # the guest has everything before this
        self.guest_window = MSS
        self.answered = asyncio.Event()       # SYN|ACK or RST to our SYN
        self.window_open = asyncio.Event()
        self.closed = asyncio.Event()         # the connection is over (both FINs, or a RST)
        self.refused = False
        self.established = False
        self.fin_sent = False
        self.guest_fin = False
        self.host_gone = False                # the host closed its socket (HTTP clients do not half-close)

    def send(self, flags, payload=b"", mss=None):
        self.forward.trace(">", self.port, flags, len(payload))
        tcp = net.pack_tcp(FORWARDER_IP, GUEST_IP, self.port, GUEST_PORT, self.seq, self.ack, flags,
                           WINDOW, payload, mss=mss)
        self.forward.inject(net.pack_ipv4(FORWARDER_IP, GUEST_IP, net.IP_PROTO_TCP, tcp))
        self.seq = (self.seq + len(payload) + (1 if flags & (net.TCP_SYN | net.TCP_FIN) else 0)) & 0xFFFFFFFF

    def in_flight(self):
        return (self.seq - self.guest_acked) & 0xFFFFFFFF

    async def send_data(self, data):
        """Host bytes to the guest in MSS-sized segments, never past the guest's window."""
        while data and not self.closed.is_set():
            room = self.guest_window - self.in_flight()
            if room <= 0:
                self.window_open.clear()
                await self.window_open.wait()
                continue
            n = min(len(data), MSS, room)
            self.send(net.TCP_ACK | net.TCP_PSH, data[:n])
            data = data[n:]

    def finish(self):
        """The host closed its socket: our FIN."""
        self.host_gone = True
        if not self.fin_sent and not self.closed.is_set():
            self.fin_sent = True
            self.send(net.TCP_FIN | net.TCP_ACK)
            self._maybe_closed()

    def abort(self):
        """A RST to the guest: what a host's closed socket answers to data sent to it."""
        if not self.closed.is_set():
            self.send(net.TCP_RST | net.TCP_ACK)
            self._close()

    def _close(self):
        self.closed.set()
        self.window_open.set()
        self.writer.close()

    def _maybe_closed(self):
        if self.fin_sent and self.guest_fin and (self.seq - self.guest_acked) & 0xFFFFFFFF == 0:
            self._close()

    def on_segment(self, tcp):
        self.forward.trace("<", self.port, tcp.flags, len(tcp.payload))
        if tcp.flags & net.TCP_RST:
            if not self.established:
                self.refused = True           # nothing listens on the port (yet): _connect retries
                self.answered.set()
            else:
                self._close()
            return
        if not self.established:
            if tcp.flags & net.TCP_SYN and tcp.flags & net.TCP_ACK:
                self.ack = (tcp.seq + 1) & 0xFFFFFFFF
                self.guest_acked = tcp.ack
                self.guest_window = tcp.window
                self.established = True
                self.send(net.TCP_ACK)
                self.answered.set()
            return
        if tcp.flags & net.TCP_ACK:
            if 0 < (tcp.ack - self.guest_acked) & 0xFFFFFFFF <= self.in_flight():
                self.guest_acked = tcp.ack
            self.guest_window = tcp.window
            if self.guest_window > self.in_flight():
                self.window_open.set()
        if tcp.payload and tcp.seq == self.ack:
            if self.host_gone or self.writer.is_closing():
                self.abort()                  # data to a closed socket: a RST, as a phone's would send
                return
            self.writer.write(tcp.payload)
            self.ack = (self.ack + len(tcp.payload)) & 0xFFFFFFFF
        if tcp.flags & net.TCP_FIN and not self.guest_fin and (tcp.seq + len(tcp.payload)) & 0xFFFFFFFF == self.ack:
            self.guest_fin = True
            self.ack = (self.ack + 1) & 0xFFFFFFFF
            if self.writer.can_write_eof():
                self.writer.write_eof()        # the host reads to the end of what the guest sent
        if tcp.payload or tcp.flags & net.TCP_FIN:
            self.send(net.TCP_ACK)            # (a duplicate ACK if a segment came out of order)
        self._maybe_closed()


class Forward:
    """127.0.0.1:port (0: any free port) to the guest's port 80, across the board's reboots:
    `attach()` it to each boot's radio, `detach()` before the board stops."""

    def __init__(self, port=0, host="127.0.0.1"):
        self.host, self.requested_port, self.port = host, port, None
        self.bus = self.nat = self.time = None
        self.guest_mac = None                 # learnt from the guest's first frame (DHCP)
        self.connections = {}                 # our port -> Connection
        self.tasks = set()
        self.server = None
        self._next_port = 49152
        self.served = 0

    @property
    def address(self):
        """("127.0.0.1", port) once started."""
        return (self.host, self.port)

    @property
    def url(self):
        return "http://%s:%d" % self.address

    async def start(self):
        if self.server is None:
            self.server = await asyncio.start_server(self._host_connection, self.host, self.requested_port)
            self.port = self.server.sockets[0].getsockname()[1]
        return self

    async def stop(self):
        self.detach()
        if self.server is not None:
            self.server.close()
            self.server = None

    def attach(self, chip, clock):
        """Put the forwarder in front of this boot's NatBridge (a fresh radio on every boot)."""
        self.detach()
        self.bus, self.nat, self.time = chip.bus, chip.bus.nat_bridge, EmulatedTime(clock)
        self.guest_mac = None
        chip.bus.nat_bridge = self

    def detach(self):
        """The board stops: every forwarded connection ends (its host socket is closed)."""
        for c in list(self.connections.values()):
            c._close()
        self.connections.clear()
        for t in list(self.tasks):
            t.cancel()
        if self.bus is not None and self.bus.nat_bridge is self:
            self.bus.nat_bridge = self.nat
        self.bus = self.nat = None

    # -- what GSPIBus calls on its nat_bridge -----------------------------------------------------
    def reset(self):
        """The guest left the access point: its connections are gone with the association."""
        for c in list(self.connections.values()):
            c._close()
        if self.nat is not None:
            self.nat.reset()

    def handle_outbound_ethernet_frame(self, frame):
        eth = net.parse_ethernet(frame)
        if eth is not None and self._for_us(eth):
            return
        if self.nat is not None:
            self.nat.handle_outbound_ethernet_frame(frame)

    def _for_us(self, eth):
        self.guest_mac = eth.src_mac
        if eth.ethertype == net.ETHERTYPE_ARP:
            arp = net.parse_arp(eth.payload)
            if not arp or arp.target_ip != FORWARDER_IP:
                return False
            if arp.op == net.ARP_OP_REQUEST:
                reply = net.pack_arp(net.ARP_OP_REPLY, FORWARDER_MAC, FORWARDER_IP, arp.sender_mac, arp.sender_ip)
                self.bus.queue_rx_ethernet_frame(net.pack_ethernet(arp.sender_mac, FORWARDER_MAC, net.ETHERTYPE_ARP, reply))
            return True
        if eth.ethertype != net.ETHERTYPE_IPV4:
            return False
        ip = net.parse_ipv4(eth.payload)
        if ip is None or ip.dst_ip != FORWARDER_IP:
            return False
        if ip.proto == net.IP_PROTO_TCP:
            tcp = net.parse_tcp(ip.payload)
            conn = self.connections.get(tcp.dst_port) if tcp and tcp.src_port == GUEST_PORT else None
            if conn is not None:
                conn.on_segment(tcp)
        return True                            # nothing else addressed to 10.0.0.3 goes on

    def inject(self, ip_packet):
        self.bus.queue_rx_ethernet_frame(net.pack_ethernet(self.guest_mac, FORWARDER_MAC, net.ETHERTYPE_IPV4, ip_packet))

    # -- the host side ---------------------------------------------------------------------------
    def _new_port(self):
        while True:
            port = self._next_port
            self._next_port = 49152 if port >= 65535 else port + 1
            if port not in self.connections:
                return port

    async def _connect(self, writer):
        """A connection to the guest's port 80, retried while the guest has no link yet or nothing
        listens (RST); None when it never came."""
        for _ in range(CONNECT_TRIES):
            if self.bus is not None and self.guest_mac is not None:
                port = self._new_port()
                conn = self.connections[port] = Connection(self, port, writer)
                conn.send(net.TCP_SYN, mss=MSS)
                wait = asyncio.ensure_future(conn.answered.wait())
                timer = asyncio.ensure_future(self.time.sleep_ms(SYN_WAIT_MS))
                await asyncio.wait([wait, timer], return_when=asyncio.FIRST_COMPLETED)
                wait.cancel()
                timer.cancel()
                if conn.established:
                    return conn
                del self.connections[port]
            if self.time is None:
                await asyncio.sleep(0.1)
            else:
                await self.time.sleep_ms(RETRY_MS)
        return None

    async def _host_connection(self, reader, writer):
        task = asyncio.current_task()
        self.tasks.add(task)
        conn = None
        try:
            conn = await self._connect(writer)
            if conn is None:
                writer.close()
                return
            self.served += 1
            await self.time.sleep_ms(ACCEPT_GRACE_MS)
            while not conn.closed.is_set():
                read = asyncio.ensure_future(reader.read(MSS * 4))
                over = asyncio.ensure_future(conn.closed.wait())
                await asyncio.wait([read, over], return_when=asyncio.FIRST_COMPLETED)
                over.cancel()
                if not read.done():
                    read.cancel()
                    break
                data = read.result()
                if not data:
                    conn.finish()             # the host is done sending: our FIN
                    break
                await conn.send_data(data)
            await conn.closed.wait()          # the guest's FIN (or RST) ends it
        except (asyncio.CancelledError, ConnectionError):
            if conn is not None and not conn.closed.is_set() and self.bus is not None:
                conn.abort()
        finally:
            if conn is not None:
                self.connections.pop(conn.port, None)
            writer.close()
            self.tasks.discard(task)

    def trace(self, way, port, flags, n):
        if TRACE:
            import sys
            names = "".join(c for bit, c in ((2, "S"), (16, "A"), (8, "P"), (1, "F"), (4, "R")) if flags & bit)
            sys.stderr.write("%10.1f emu ms %s guest :%d %-4s %d bytes\n"
                             % (self.time.ms if self.time else 0, way, port, names, n))

    def describe(self):
        return "%s -> %s:%d (the emulated Pico W, from %s on its subnet)" % (
            self.url, _ip(GUEST_IP), GUEST_PORT, _ip(FORWARDER_IP))
