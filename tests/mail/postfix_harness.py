"""A private, loopback-only Postfix instance for end-to-end mail tests.

Everything lives under one temporary directory:

    TMP/                      chmod 0755 (postfix and pipe_user must traverse it)
      postfix/etc/            config_directory: main.cf, master.cf, texthash maps
      postfix/queue/          queue_directory (postfix start creates its subdirs)
      postfix/data/           data_directory (owned by the postfix user)
      postfix/maillog         the instance's log (maillog_file via postlogd,
                              so no syslog is needed)
      mail/<user>/            a Maildir per user, delivered by virtual(8)
                              as a static uid/gid (default nobody:nogroup)

Needs root (postfix -c DIR start, chown) and Debian's postfix package (the
postfix user and the postdrop group).  Nothing in /etc/postfix is read or
written except what every postfix command reads anyway (meta_directory:
postfix-files, dynamicmaps.cf); a system instance running or not does not
matter: this one has its own queue, pid file, lock file and port.

Nothing leaves the machine: master.cf has no smtp/lmtp client at all,
default_transport/relay_transport/local_transport are error:, relayhost is
empty, smtpd refuses relaying (reject_unauth_destination, so a RCPT to
another domain over SMTP gets 554), and mail for another domain submitted
with sendmail(1) bounces locally (error transport) to its sender.

The pipe transport ("ludexpipe" in master.cf) is

    ludexpipe unix - n n - - pipe
      flags=DRXq null_sender= user=PIPE_USER argv=PIPE_ARGV...

with ludexpipe_destination_recipient_limit = 1, so the program gets one
message per recipient on stdin, preceded by the headers pipe(8) prepends:

    Return-Path: <envelope-sender>          (R; "<>" for a bounce, since null_sender=)
    Delivered-To: ludex@play.test           (D; also loop detection)

X only makes success DSNs say "delivered".  The exit status is honoured as
sysexits(3): 0 delivered, 75 (EX_TEMPFAIL) deferred (it stays queued and is
retried every ~1 s, or at once on flush()); any other status bounces to the
envelope sender (tried: 1 -> 5.3.0 "Command died with status 1", 69 -> 5.3.0
"service unavailable").  The program's output (stdout+stderr, truncated) goes
into the log and the bounce; if it starts with an enhanced status code
(4.x.x / 5.x.x) that code overrides the exit status.  The program runs with
cwd = the queue directory and an environment of only PATH=/usr/bin:/bin,
LANG=C, MAIL_CONFIG=<config dir> (plus what pipe sets).  Arguments of pipe_argv may use pipe(8)'s
macros (${sender}, ${recipient}, ...); write $$ for a literal $.  The program
runs as pipe_user (default nobody; pipe refuses root and the postfix user), so
the program, its interpreter and every file or socket it uses must be
readable/executable (a socket: writable) by that user, and every directory
on the way must be traversable by it.

Submitting like the game server: /usr/sbin/sendmail -i -f FROM -- RCPT with
the environment plus self.sendmail_env ({"MAIL_CONFIG": <config dir>}) works
for root only: for other users the set-gid postdrop refuses a config dir
that /etc/postfix/main.cf does not list in alternate_config_directories
(which we do not touch).  Non-root submitters can run self.smtp_sendmail,
a stand-in taking the same arguments that submits over SMTP (so mail to
another domain is refused at once, exit 1, instead of bouncing).

Usage:

    p = Postfix(tmp, pipe_argv=["/path/ludex-mail", "--socket", sock])
    p.start()                 # ~0.3 s; atexit + a watchdog stop it anyway
    p.send("alice@play.test", "ludex@play.test", raw)
    msgs = p.wait_mail("alice", 1)
    p.stop()

Pitfalls found while building it (Debian postfix 3.7):
  * postfix waits until main.cf/master.cf/maps are a second old (300 ms
    naps, ~2 s per start): the harness backdates their mtime.
  * maillog_file must start with one of maillog_file_prefixes (default
    /var, /dev/stdout): set to the tmpdir; master.cf needs the postlog
    unix-dgram service or `postfix start` refuses.
  * data_directory must be owned by the postfix user (master.lock).
  * In a container whose PID 1 does not reap, stopped daemons stay as
    zombies (harmless; pids() ignores them).
  * Processes are recognised by their cwd (the queue directory), not
    MAIL_CONFIG in their environment: a game server started with
    sendmail_env has that too, and stop() must not kill it.
"""

import atexit
import email
import email.policy
import grp
import json
import os
import pwd
import shutil
import signal
import smtplib
import socket
import subprocess
import sys
import time

POSTFIX = "/usr/sbin/postfix"
POSTQUEUE = "/usr/sbin/postqueue"
SENDMAIL = "/usr/sbin/sendmail"
PIPE_SERVICE = "ludexpipe"


class PostfixError(Exception):
    pass


def unavailable():
    """None if a private instance can be run here, else the reason why not."""
    if os.geteuid() != 0:
        return "not root (postfix -c DIR start needs root)"
    for prog in (POSTFIX, POSTQUEUE, SENDMAIL, "/usr/lib/postfix/sbin/master"):
        if not os.access(prog, os.X_OK):
            return "postfix is not installed (%s missing)" % prog
    try:
        pwd.getpwnam("postfix")
        grp.getgrnam("postdrop")
    except KeyError:
        return "the postfix user or postdrop group does not exist"
    return None


def free_port():
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
    finally:
        s.close()


def _master_arg(a):
    a = str(a)
    if "\n" in a:
        raise ValueError("pipe_argv: newline in %r" % a)
    if any(c.isspace() for c in a) or a.startswith("{"):
        return "{ %s }" % a
    return a


# A sendmail(1) stand-in for callers that are not root (the real one's
# postdrop refuses a private config dir then): it takes the same
# "-i -f FROM [--] RCPT..." (and ignores -o* / -oi / -t is not supported)
# and submits over SMTP to the instance's loopback port.
_SMTP_SENDMAIL = r"""#!/usr/bin/python3
import smtplib, sys
args, rcpt, sender, i = sys.argv[1:], [], "", 0
while i < len(args):
    a = args[i]
    if a == "--":
        rcpt += args[i + 1:]
        break
    if a == "-f":
        i += 1
        sender = args[i]
    elif a.startswith("-f"):
        sender = a[2:]
    elif a.startswith("-"):
        pass
    else:
        rcpt.append(a)
    i += 1
if not rcpt:
    sys.exit("sendmail stand-in: no recipients (-t is not supported)")
data = sys.stdin.buffer.read().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
try:
    with smtplib.SMTP("127.0.0.1", %d, local_hostname="localhost", timeout=30) as s:
        s.sendmail(sender, rcpt, data)
except smtplib.SMTPRecipientsRefused as e:
    sys.exit("sendmail stand-in: refused: %%r" %% (e.recipients,))
except (OSError, smtplib.SMTPException) as e:
    print("sendmail stand-in: %%s" %% e, file=sys.stderr)
    sys.exit(75)
"""


# Runs detached from the test: it holds the read end of a pipe whose write
# end only the test process has.  EOF without a byte means the test died
# (even by SIGKILL) without calling stop(): then it stops the instance.
_WATCHDOG = r"""
import os, sys
sys.path.insert(0, sys.argv[1])
import postfix_harness as h
data = os.read(0, 1)
if not data:
    h._force_stop(sys.argv[2], sys.argv[3])
"""


def _instance_pids(confdir, queuedir):
    """Live (non-zombie) processes of the instance: every postfix daemon
    chdirs to the queue directory (the environment is no guide: a game
    server started with sendmail_env carries MAIL_CONFIG too)."""
    me = os.getpid()
    pids = []
    for d in os.listdir("/proc"):
        if not d.isdigit() or int(d) == me:
            continue
        pid = int(d)
        try:
            with open("/proc/%d/stat" % pid, "rb") as f:
                stat = f.read()
            if stat[stat.rindex(b")") + 2:][:1] in (b"Z", b"X"):
                continue
            cwd = os.readlink("/proc/%d/cwd" % pid)
        except (OSError, ValueError):
            continue
        if cwd.endswith(" (deleted)"):       # the test removed tmpdir
            cwd = cwd[:-len(" (deleted)")]
        if cwd == queuedir or cwd.startswith(queuedir + "/"):
            pids.append(pid)
    return pids


def _force_stop(confdir, queuedir, timeout=3.0):
    """postfix stop (or SIGTERM if that cannot run, e.g. tmpdir is gone),
    wait, then SIGKILL whatever of the instance is left.  Returns the pids
    that had to be killed."""
    env = dict(os.environ, MAIL_CONFIG=confdir)
    stopped = False
    if _master_pid(queuedir) and os.path.exists(os.path.join(confdir,
                                                             "main.cf")):
        r = subprocess.run([POSTFIX, "-c", confdir, "stop"], env=env,
                           stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        stopped = r.returncode == 0
    if not stopped:
        for pid in _instance_pids(confdir, queuedir):
            try:
                os.kill(pid, signal.SIGTERM)
            except OSError:
                pass
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and _instance_pids(confdir, queuedir):
        time.sleep(0.05)
    killed = _instance_pids(confdir, queuedir)
    for pid in killed:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    return killed


def _master_pid(queuedir):
    try:
        with open(os.path.join(queuedir, "pid", "master.pid")) as f:
            pid = int(f.read().strip())
        with open("/proc/%d/stat" % pid, "rb") as f:
            stat = f.read()
        if stat[stat.rindex(b")") + 2:][:1] in (b"Z", b"X"):
            return None
        return pid
    except (OSError, ValueError):
        return None


class Postfix:
    def __init__(self, tmpdir, domain="play.test", users=("alice", "bob"),
                 pipe_address="ludex", pipe_argv=None, pipe_user=None,
                 mailbox_user="nobody", extra_main_cf=None):
        """Configure (not start) a private postfix under tmpdir/postfix.

        users get Maildirs tmpdir/mail/<user>/ (owned by mailbox_user, the
        static uid/gid virtual(8) delivers as).  If pipe_argv is given,
        <pipe_address>@<domain> goes to it through the ludexpipe transport as
        pipe_user (default nobody).  extra_main_cf: dict of further main.cf
        settings (they win).  tmpdir is made 0755; its ancestors must already
        be traversable by others."""
        self.tmpdir = os.path.realpath(tmpdir)
        self.domain = domain
        self.users = tuple(users)
        self.pipe_address = pipe_address
        self.pipe_argv = list(pipe_argv) if pipe_argv else None
        self.pipe_user = pipe_user or "nobody"
        self.mailbox_user = mailbox_user
        self.root = os.path.join(self.tmpdir, "postfix")
        self.confdir = os.path.join(self.root, "etc")
        self.queuedir = os.path.join(self.root, "queue")
        self.datadir = os.path.join(self.root, "data")
        self.logfile = os.path.join(self.root, "maillog")
        self.mailbase = os.path.join(self.tmpdir, "mail")
        self.smtp_port = free_port()
        # What a process needs to submit with /usr/sbin/sendmail to this
        # instance (as root: postdrop only honours a non-default config dir
        # for root, or if it is in /etc/postfix/main.cf's
        # alternate_config_directories, which this harness does not touch).
        self.sendmail_env = {"MAIL_CONFIG": self.confdir}
        # For a submitter that is not root: an executable taking sendmail's
        # "-i -f FROM -- RCPT..." that submits over SMTP to smtp_port.
        self.smtp_sendmail = os.path.join(self.root, "bin", "sendmail")
        self.started = False
        self.start_seconds = None
        self.stop_seconds = None
        self._watchdog = None
        self._watch_fd = None
        self._atexit = False
        why = unavailable()
        if why:
            raise PostfixError(why)
        self._configure(extra_main_cf or {})

    # ------------------------------------------------------------ config
    def _configure(self, extra):
        pw = pwd.getpwnam(self.mailbox_user)
        self.mail_uid, self.mail_gid = pw.pw_uid, pw.pw_gid
        pf = pwd.getpwnam("postfix")
        if self.pipe_argv:
            pu = pwd.getpwnam(self.pipe_user)
            if pu.pw_uid == 0 or pu.pw_uid == pf.pw_uid:
                raise PostfixError("pipe_user may be neither root nor postfix")
        os.makedirs(self.tmpdir, exist_ok=True)
        os.chmod(self.tmpdir, 0o755)
        d = os.path.dirname(self.tmpdir)
        while d != "/":
            if not os.stat(d).st_mode & 0o001:
                raise PostfixError("%s is not traversable by others; postfix "
                                   "and the pipe user cannot reach %s"
                                   % (d, self.tmpdir))
            d = os.path.dirname(d)
        for p in (self.root, self.confdir, self.queuedir, self.datadir,
                  self.mailbase, os.path.dirname(self.smtp_sendmail)):
            os.makedirs(p, exist_ok=True)
            os.chmod(p, 0o755)
        os.chown(self.datadir, pf.pw_uid, -1)
        with open(self.smtp_sendmail, "w") as f:
            f.write(_SMTP_SENDMAIL % self.smtp_port)
        os.chmod(self.smtp_sendmail, 0o755)
        if not os.path.exists(self.logfile):
            open(self.logfile, "w").close()
        for u in self.users:
            for sub in ("", "new", "cur", "tmp"):
                p = os.path.join(self.mailbase, u, sub)
                os.makedirs(p, exist_ok=True)
                os.chmod(p, 0o700)
                os.chown(p, self.mail_uid, self.mail_gid)

        conf = self.confdir
        vmailbox = os.path.join(conf, "vmailbox")
        transport = os.path.join(conf, "transport")
        with open(vmailbox, "w") as f:
            for u in self.users:
                f.write("%s@%s %s/\n" % (u, self.domain, u))
            if self.pipe_argv:
                # must be a known recipient for smtpd; transport_maps
                # overrides virtual_transport for it.
                f.write("%s@%s %s-pipe/\n" % (self.pipe_address, self.domain,
                                              self.pipe_address))
        with open(transport, "w") as f:
            if self.pipe_argv:
                f.write("%s@%s %s:\n" % (self.pipe_address, self.domain,
                                         PIPE_SERVICE))
        refuse = "error:5.7.1 this test instance delivers nothing off %s" % \
            self.domain
        main = {
            "compatibility_level": "3.6",
            "queue_directory": self.queuedir,
            "data_directory": self.datadir,
            "mail_owner": "postfix",
            "setgid_group": "postdrop",
            "maillog_file": self.logfile,
            "maillog_file_prefixes": self.tmpdir,
            "myhostname": "mail." + self.domain,
            "mydomain": self.domain,
            "myorigin": "$mydomain",
            "mydestination": "",
            "local_recipient_maps": "",
            "alias_maps": "",
            "alias_database": "",
            "local_transport": refuse,
            "default_transport": refuse,
            "relay_transport": refuse,
            "relayhost": "",
            "relay_domains": "",
            "inet_interfaces": "loopback-only",
            "inet_protocols": "ipv4",
            "mynetworks": "127.0.0.0/8",
            "smtpd_relay_restrictions": "reject_unauth_destination",
            "smtpd_recipient_restrictions": "",
            "smtpd_peername_lookup": "no",
            "smtpd_banner": "$myhostname ESMTP ludex test postfix",
            "virtual_mailbox_domains": self.domain,
            "virtual_mailbox_base": self.mailbase,
            "virtual_mailbox_maps": "texthash:" + vmailbox,
            "virtual_uid_maps": "static:%d" % self.mail_uid,
            "virtual_gid_maps": "static:%d" % self.mail_gid,
            "virtual_minimum_uid": "1",
            "transport_maps": "texthash:" + transport,
            "minimal_backoff_time": "1s",
            "maximal_backoff_time": "1s",
            "queue_run_delay": "1s",
            "biff": "no",
            "append_dot_mydomain": "no",
            "readme_directory": "no",
            "notify_classes": "",
            "smtp_dns_support_level": "disabled",
        }
        if self.pipe_argv:
            # D and O need one recipient per delivery
            main[PIPE_SERVICE + "_destination_recipient_limit"] = "1"
        main.update(extra)
        with open(os.path.join(conf, "main.cf"), "w") as f:
            f.write("# private test instance written by tests/mail/"
                    "postfix_harness.py\n")
            for k, v in main.items():
                f.write("%s = %s\n" % (k, v))

        # No chroot anywhere (column 5 = n); no smtp/lmtp client service,
        # so nothing can be sent off the machine even by mistake.
        master = [
            "127.0.0.1:%d inet n - n - - smtpd" % self.smtp_port,
            "pickup    unix  n - n 60    1 pickup",
            "cleanup   unix  n - n -     0 cleanup",
            "qmgr      unix  n - n 300   1 qmgr",
            "rewrite   unix  - - n -     - trivial-rewrite",
            "bounce    unix  - - n -     0 bounce",
            "defer     unix  - - n -     0 bounce",
            "trace     unix  - - n -     0 bounce",
            "verify    unix  - - n -     1 verify",
            "flush     unix  n - n 1000? 0 flush",
            "proxymap  unix  - - n -     - proxymap",
            "proxywrite unix - - n -     1 proxymap",
            "showq     unix  n - n -     - showq",
            "error     unix  - - n -     - error",
            "retry     unix  - - n -     - error",
            "discard   unix  - - n -     - discard",
            "virtual   unix  - n n -     - virtual",
            "anvil     unix  - - n -     1 anvil",
            "scache    unix  - - n -     1 scache",
            "postlog   unix-dgram n - n - 1 postlogd",
        ]
        if self.pipe_argv:
            master.append("%s unix - n n - - pipe\n"
                          "  flags=DRXq null_sender= user=%s argv=%s"
                          % (PIPE_SERVICE, self.pipe_user,
                             " ".join(_master_arg(a) for a in self.pipe_argv)))
        with open(os.path.join(conf, "master.cf"), "w") as f:
            f.write("\n".join(master) + "\n")
        # Postfix re-reads a table or main.cf that changed within the last
        # second until it is a second old (300 ms naps: a fresh main.cf
        # costs ~2 s per postconf run in `postfix start`): backdate them.
        old = time.time() - 60
        for n in ("main.cf", "master.cf", "vmailbox", "transport"):
            os.utime(os.path.join(conf, n), (old, old))

    # ------------------------------------------------------------ control
    def _run(self, argv, check=True, **kw):
        r = subprocess.run(argv, env=dict(os.environ, **self.sendmail_env),
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           **kw)
        if check and r.returncode != 0:
            raise PostfixError("%s failed (%d): %s\n--- maillog ---\n%s" % (
                " ".join(argv), r.returncode,
                r.stdout.decode(errors="replace"), self.log()[-4000:]))
        return r

    def _smtp_ready(self):
        try:
            with socket.create_connection(("127.0.0.1", self.smtp_port),
                                          timeout=1) as s:
                ok = s.recv(4).startswith(b"220")
                s.sendall(b"QUIT\r\n")
                return ok
        except OSError:
            return False

    def start(self, timeout=10.0):
        """postfix -c CONFDIR start; returns when smtpd answers 220."""
        if self.started:
            return
        t0 = time.monotonic()
        if _master_pid(self.queuedir):
            raise PostfixError("an instance is already running on "
                               + self.confdir)
        self._arm_cleanup()
        self._run([POSTFIX, "-c", self.confdir, "start"])
        self.started = True
        deadline = t0 + timeout
        while not self._smtp_ready():
            if time.monotonic() > deadline:
                raise PostfixError("smtpd on 127.0.0.1:%d did not answer in "
                                   "%.0fs\n--- maillog ---\n%s"
                                   % (self.smtp_port, timeout, self.log()))
            time.sleep(0.02)
        self.start_seconds = time.monotonic() - t0

    def stop(self):
        """postfix -c CONFDIR stop; waits until every process of the instance
        is gone (SIGKILL after 3 s).  Returns the pids that had to be killed.
        Safe to call twice."""
        t0 = time.monotonic()
        killed = _force_stop(self.confdir, self.queuedir)
        self.started = False
        if self._watch_fd is not None:
            try:
                os.write(self._watch_fd, b"x")   # clean stop: watchdog exits
            except OSError:
                pass
            os.close(self._watch_fd)
            self._watch_fd = None
        if self._watchdog is not None:
            try:
                self._watchdog.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self._watchdog.kill()
                self._watchdog.wait()
            self._watchdog = None
        self.stop_seconds = time.monotonic() - t0
        return killed

    def pids(self):
        """Live processes of this instance (daemons, pipe children whose cwd
        is the queue directory)."""
        return _instance_pids(self.confdir, self.queuedir)

    def _arm_cleanup(self):
        if not self._atexit:
            atexit.register(self.stop)
            self._atexit = True
            # A test runner's timeout usually sends SIGTERM: make it run
            # atexit handlers, unless someone else handles SIGTERM already.
            try:
                if signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
                    signal.signal(signal.SIGTERM,
                                  lambda s, f: sys.exit(128 + s))
            except ValueError:      # not the main thread
                pass
        # Against SIGKILL / os._exit: a detached watchdog that stops the
        # instance when our end of its pipe closes without a byte.
        if self._watchdog is None:
            r, w = os.pipe()
            self._watchdog = subprocess.Popen(
                [sys.executable, "-c", _WATCHDOG,
                 os.path.dirname(os.path.abspath(__file__)),
                 self.confdir, self.queuedir],
                stdin=r, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                start_new_session=True, cwd="/")
            os.close(r)
            self._watch_fd = w   # os.pipe fds are not inherited by children

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()

    # ------------------------------------------------------------ queue
    def flush(self):
        """postqueue -c CONFDIR -f: retry every deferred message now."""
        self._run([POSTQUEUE, "-c", self.confdir, "-f"])

    def queue(self):
        """postqueue -j: one dict per queued message (queue_id, queue_name,
        sender, recipients[{address, delay_reason}], ...)."""
        r = self._run([POSTQUEUE, "-c", self.confdir, "-j"])
        return [json.loads(l) for l in r.stdout.decode().splitlines()
                if l.strip()]

    def queue_ids(self):
        """Ids of the messages still queued (any queue: maildrop, incoming,
        active, deferred, hold)."""
        return [m["queue_id"] for m in self.queue()]

    def wait_queue_empty(self, timeout=10.0):
        deadline = time.monotonic() + timeout
        while True:
            ids = self.queue_ids()
            if not ids or time.monotonic() > deadline:
                return ids
            time.sleep(0.1)

    # ------------------------------------------------------------ mail
    def send(self, mail_from, rcpt, raw_bytes):
        """Submit over SMTP to 127.0.0.1:smtp_port.  rcpt: str or list.
        Returns smtplib's dict of refused recipients (raises
        smtplib.SMTPRecipientsRefused if all are refused)."""
        if isinstance(rcpt, str):
            rcpt = [rcpt]
        if isinstance(raw_bytes, str):
            raw_bytes = raw_bytes.encode()
        with smtplib.SMTP("127.0.0.1", self.smtp_port,
                          local_hostname="client.test", timeout=10) as s:
            return s.sendmail(mail_from, rcpt, raw_bytes)

    def sendmail(self, mail_from, rcpt, raw_bytes, timeout=10):
        """Submit the way the game server does:
        /usr/sbin/sendmail -i -f FROM -- RCPT..., env += sendmail_env.
        Returns the CompletedProcess (stdout+stderr in .stdout)."""
        if isinstance(rcpt, str):
            rcpt = [rcpt]
        if isinstance(raw_bytes, str):
            raw_bytes = raw_bytes.encode()
        return subprocess.run([SENDMAIL, "-i", "-f", mail_from, "--"] + rcpt,
                              input=raw_bytes,
                              env=dict(os.environ, **self.sendmail_env),
                              stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=timeout)

    def maildir_path(self, user):
        return os.path.join(self.mailbase, user)

    def maildir(self, user):
        """[(filename, bytes)] of the user's delivered messages (new/ and
        cur/), in delivery order."""
        found = []
        for sub in ("new", "cur"):
            d = os.path.join(self.mailbase, user, sub)
            try:
                names = os.listdir(d)
            except FileNotFoundError:
                continue
            for n in names:
                p = os.path.join(d, n)
                try:
                    st = os.stat(p)
                    with open(p, "rb") as f:
                        data = f.read()
                except FileNotFoundError:
                    continue
                # Maildir names start "<secs>.M<usecs>P<pid>..." (virtual);
                # mtime_ns orders within a second, name breaks ties.
                found.append((st.st_mtime_ns, n, data))
        found.sort()
        return [(n, data) for _, n, data in found]

    def wait_mail(self, user, count, timeout=10.0, strict=False):
        """Wait until the user's Maildir holds >= count messages and return
        them all as email.message.EmailMessage (policy=default).  On timeout
        returns what arrived (fewer than count), or raises TimeoutError
        (with .messages) if strict."""
        deadline = time.monotonic() + timeout
        while True:
            got = self.maildir(user)
            if len(got) >= count or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        msgs = [email.message_from_bytes(b, policy=email.policy.default)
                for _, b in got]
        if len(msgs) < count and strict:
            e = TimeoutError("%s: %d of %d messages after %.1fs"
                             % (user, len(msgs), count, timeout))
            e.messages = msgs
            raise e
        return msgs

    def log(self):
        """The instance's maillog (postlogd writes it; no syslog needed)."""
        try:
            with open(self.logfile, "rb") as f:
                return f.read().decode(errors="replace")
        except FileNotFoundError:
            return ""

    def wait_log(self, text, timeout=10.0):
        """Wait until `text` appears in the log; returns True/False."""
        deadline = time.monotonic() + timeout
        while text not in self.log():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)
        return True

    def cleanup(self):
        """stop() and remove tmpdir/postfix and tmpdir/mail."""
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)
        shutil.rmtree(self.mailbase, ignore_errors=True)
