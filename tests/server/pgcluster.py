"""tests/server/pgcluster.py - a throw-away PostgreSQL server for the server's tests.

Debian's postgresql package brings initdb and pg_ctl (/usr/lib/postgresql/N/bin);
no system service is used.  The cluster lives in its own temporary directory and
listens on a free loopback port and a socket in that directory only.  PostgreSQL
refuses to run as root, so under root (CI) the directory is given to `nobody` and
initdb, pg_ctl and the server run as that user (runuser).  Clients connect over
TCP as the cluster's superuser `ludex`, trusted on loopback only.

    c = Cluster(); c.start()
    url = c.database("games")      # a fresh database: postgresql://ludex@127.0.0.1:PORT/games
    c.sql("games", "SELECT 1")     # psql -At, the rows as text
    c.stop()                       # stops the server and removes the directory

Selected by the suites with LUDEX_TEST_DB=postgresql (see `location`).
"""
import glob, os, pwd, shutil, socket, subprocess, tempfile

def bindir():
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                   key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0)
    if not found:
        raise RuntimeError("no PostgreSQL server: install Debian's postgresql package")
    return os.path.dirname(found[-1])

def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port

class Cluster:
    def __init__(self):
        self.bin = bindir()
        self.dir = tempfile.mkdtemp(prefix="ludex-pg.")
        self.data = os.path.join(self.dir, "data")
        self.log = os.path.join(self.dir, "server.log")
        self.port = free_port()
        self.as_user = []
        if os.geteuid() == 0:
            nobody = pwd.getpwnam("nobody")
            os.chown(self.dir, nobody.pw_uid, nobody.pw_gid)
            self.as_user = ["runuser", "-u", "nobody", "--"]
        self.made = set()

    def run(self, *argv, check=True):
        return subprocess.run(self.as_user + list(argv), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, check=check, cwd=self.dir)

    def start(self):
        self.run(os.path.join(self.bin, "initdb"), "-D", self.data, "-U", "ludex", "-A", "trust",
                 "-E", "UTF8", "--locale=C", "--no-sync")
        self.pg_ctl("start")
        return self

    def pg_ctl(self, what, check=True):
        opts = "-c listen_addresses=127.0.0.1 -p %d -k %s -c max_connections=200" % (self.port, self.dir)
        argv = [os.path.join(self.bin, "pg_ctl"), "-D", self.data, "-l", self.log, "-w", "-t", "30"]
        if what in ("start", "restart"):
            argv += ["-o", opts]
        if what in ("stop", "restart"):
            argv += ["-m", "fast"]
        return self.run(*(argv + [what]), check=check)

    def url(self, name):
        return "postgresql://ludex@127.0.0.1:%d/%s" % (self.port, name)

    def psql(self, name, sql):
        r = subprocess.run(["psql", "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-d", self.url(name), "-c", sql],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            raise RuntimeError("psql: %s: %s" % (sql, r.stderr.strip()))
        return r.stdout

    def database(self, name):
        """A fresh, empty database (dropped first if it was made before)."""
        self.psql("postgres", 'DROP DATABASE IF EXISTS "%s" WITH (FORCE)' % name)
        self.psql("postgres", 'CREATE DATABASE "%s"' % name)
        self.made.add(name)
        return self.url(name)

    def sql(self, name, sql):
        """The rows of a query, each a list of text columns."""
        return [line.split("|") for line in self.psql(name, sql).splitlines()]

    def stop(self):
        try:
            self.pg_ctl("stop", check=False)
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)

_cluster = None

def backend():
    return os.environ.get("LUDEX_TEST_DB", "sqlite")

def cluster():
    """The suite's one cluster, started on first use and stopped at exit."""
    global _cluster
    if _cluster is None:
        import atexit
        _cluster = Cluster().start()
        atexit.register(_cluster.stop)
    return _cluster

def db_name(path):
    return "t_" + "".join(ch if ch.isalnum() else "_" for ch in os.path.basename(path))

def location(path, fresh=None):
    """What a test passes as --db for the database it calls `path`: the path itself with
    SQLite; with PostgreSQL a database of its own, made empty the first time it is named."""
    if backend() != "postgresql":
        return path
    c, name = cluster(), db_name(path)
    if fresh or (fresh is None and name not in c.made):
        return c.database(name)
    return c.url(name)

def query(path, sql, params=()):
    """Rows of `sql` on the test's database `path`, as tuples of text (PostgreSQL) or values (SQLite).
    Parameters are ? in the text; with PostgreSQL they are quoted as SQL literals."""
    if backend() != "postgresql":
        import sqlite3
        con = sqlite3.connect(path)
        try:
            rows = con.execute(sql, params).fetchall()
            con.commit()
            return rows
        finally:
            con.close()
    parts = sql.split("?")
    text = parts[0]
    for p, rest in zip(params, parts[1:]):
        text += (str(int(p)) if isinstance(p, int) else "'" + str(p).replace("'", "''") + "'") + rest
    return [tuple(r) for r in cluster().sql(db_name(path), text)]
