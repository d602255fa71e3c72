// The local cluster's topology (`npm run cluster`, issue 29): ports on loopback, and the configuration files of
// etcd, Patroni, HAProxy and PgBouncer. Ports avoid 5432 and 6379, which the machine's own PostgreSQL and Redis use.
import fs from 'node:fs';
import path from 'node:path';

export const DIR = process.env.MCHWEB_CLUSTER_DIR ?? '/tmp/mchweb-cluster';
export const DATABASE = 'mchweb';
/** PostgreSQL refuses to run as root; Patroni and PgBouncer run as this user when the script is root's. */
export const SERVICE_USER = 'postgres';

export const PORTS = {
  etcdClient: 39379,
  etcdPeer: 39380,
  /** PostgreSQL of member i is postgres[i], its Patroni REST API rest[i]. */
  postgres: [39431, 39432, 39433],
  rest: [39008, 39009, 39010],
  /** HAProxy: the current leader (Patroni says /primary), the replicas (/replica), its statistics page. */
  primary: 39500,
  replicas: 39501,
  stats: 39502,
  pgbouncer: 39600,
  redis: 39679,
  s3: 39700,
  /** HAProxy in front of the application nodes: all three, and the first one or two (throughput by nodes). */
  app: 39800,
  appOne: 39801,
  appTwo: 39802,
  nodes: [39811, 39812, 39813],
};

export const urls = {
  direct: `postgres://postgres@127.0.0.1:${PORTS.primary}/${DATABASE}`,
  pooled: `postgres://postgres@127.0.0.1:${PORTS.pgbouncer}/${DATABASE}`,
  replica: `postgres://postgres@127.0.0.1:${PORTS.replicas}/${DATABASE}`,
  app: `http://127.0.0.1:${PORTS.app}`,
};

export const memberName = (i) => `pg${i + 1}`;

export function etcdArgs() {
  const peer = `http://127.0.0.1:${PORTS.etcdPeer}`;
  const client = `http://127.0.0.1:${PORTS.etcdClient}`;
  return [
    '--name=etcd1',
    `--data-dir=${path.join(DIR, 'etcd')}`,
    `--listen-client-urls=${client}`,
    `--advertise-client-urls=${client}`,
    `--listen-peer-urls=${peer}`,
    `--initial-advertise-peer-urls=${peer}`,
    `--initial-cluster=etcd1=${peer}`,
    '--initial-cluster-state=new',
  ];
}

/**
 * Patroni for member i. ttl 10 s, loop 2 s, retries 4 s: a dead leader's key expires within 10 s and a replica
 * takes over at its next loop. `synchronous_mode: true`: a commit waits for one synchronous standby, and only that
 * standby may be promoted, so no acknowledged commit is lost when the leader dies.
 */
export function patroniYaml(i, binDir) {
  const name = memberName(i);
  const data = path.join(DIR, name);
  const hba = [
    'local all all trust',
    'host all all 127.0.0.1/32 trust',
    'host replication replicator 127.0.0.1/32 trust',
  ];
  return `scope: mchweb
name: ${name}
log:
  level: WARNING
restapi:
  listen: 127.0.0.1:${PORTS.rest[i]}
  connect_address: 127.0.0.1:${PORTS.rest[i]}
etcd3:
  hosts: 127.0.0.1:${PORTS.etcdClient}
bootstrap:
  dcs:
    ttl: 10
    loop_wait: 2
    retry_timeout: 4
    maximum_lag_on_failover: 1048576
    synchronous_mode: true
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        max_connections: 200
        wal_level: replica
        hot_standby: 'on'
        max_wal_senders: 10
        max_replication_slots: 10
        wal_log_hints: 'on'
        shared_buffers: 64MB
        synchronous_commit: 'on'
  initdb:
    - encoding: UTF8
    - locale: C.UTF-8
postgresql:
  listen: 127.0.0.1:${PORTS.postgres[i]}
  connect_address: 127.0.0.1:${PORTS.postgres[i]}
  data_dir: ${data}/data
  bin_dir: ${binDir}
  pgpass: ${data}/pgpass
  authentication:
    superuser:
      username: postgres
      password: cluster
    replication:
      username: replicator
      password: cluster
    rewind:
      username: postgres
      password: cluster
  parameters:
    unix_socket_directories: '${data}'
  pg_hba:
${hba.map((l) => `    - ${l}`).join('\n')}
`;
}

/** HAProxy: PostgreSQL by Patroni's health answers, and the application nodes by /readyz. */
export function haproxyCfg() {
  const pg = (check) =>
    PORTS.postgres
      .map((p, i) => `  server ${memberName(i)} 127.0.0.1:${p} check port ${PORTS.rest[i]}`)
      .join('\n')
      .concat(`\n  option httpchk GET ${check}\n  http-check expect status 200`);
  const app = (n) =>
    PORTS.nodes
      .slice(0, n)
      .map((p, i) => `  server node${i + 1} 127.0.0.1:${p} check`)
      .join('\n');
  const appOptions = `  mode http
  balance roundrobin
  option httpchk GET /readyz
  default-server inter 1s fall 1 rise 2
  # A request that never reached a node (refused connection) goes to another; one that reached it is not repeated.
  retries 2
  option redispatch
  retry-on conn-failure`;
  return `global
  maxconn 4000
defaults
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout check 2s
listen stats
  mode http
  bind 127.0.0.1:${PORTS.stats}
  stats enable
  stats uri /
listen postgres_primary
  mode tcp
  bind 127.0.0.1:${PORTS.primary}
  # A member that stops being the leader loses its connections at once (no writes on an old primary).
  default-server inter 1s fall 2 rise 2 on-marked-down shutdown-sessions
${pg('/primary')}
listen postgres_replicas
  mode tcp
  bind 127.0.0.1:${PORTS.replicas}
  balance roundrobin
  default-server inter 1s fall 2 rise 2 on-marked-down shutdown-sessions
${pg('/replica')}
listen app
  bind 127.0.0.1:${PORTS.app}
${appOptions}
${app(3)}
listen app_one_node
  bind 127.0.0.1:${PORTS.appOne}
${appOptions}
${app(1)}
listen app_two_nodes
  bind 127.0.0.1:${PORTS.appTwo}
${appOptions}
${app(2)}
`;
}

/**
 * PgBouncer in transaction mode in front of HAProxy's primary port: a server connection belongs to a client for
 * one transaction only, so the application keeps no session state on it (issue 29; docs/operations.md).
 */
export function pgbouncerIni() {
  fs.writeFileSync(path.join(DIR, 'pgbouncer-users.txt'), '"postgres" ""\n');
  return `[databases]
${DATABASE} = host=127.0.0.1 port=${PORTS.primary} dbname=${DATABASE}
postgres = host=127.0.0.1 port=${PORTS.primary} dbname=postgres
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${PORTS.pgbouncer}
unix_socket_dir =
auth_type = trust
auth_file = ${path.join(DIR, 'pgbouncer-users.txt')}
pool_mode = transaction
max_client_conn = 2000
default_pool_size = 60
server_connect_timeout = 2
server_login_retry = 1
query_wait_timeout = 30
`;
}
