/**
 * A real SMTP server for tests of notices by e-mail (smtp-server, by nodemailer's authors) on a loopback port:
 * STARTTLS or TLS with a self-signed certificate for 127.0.0.1 (given to the app as its CA), AUTH PLAIN/LOGIN
 * with one user, recipients refused by a rule, and every message kept as mailparser read it. Also a loopback
 * HTTP server standing in for an institution's SMS gateway.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { selfSignedCertificate } from './slapd';

export const SMTP_USER = 'mailer';
export const SMTP_PASSWORD = 'mailer-pass-1';

export interface Received {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

export interface TestSmtp {
  port: number;
  /** The certificate (its own CA) to give the app. */
  caCert: string;
  received: Received[];
  /** Failed AUTH attempts seen. */
  authFailures: number;
  close(): Promise<void>;
}

/** Starts an SMTP server; recipients matching `refuse` get 550. */
export async function startSmtp(options: { secure?: boolean; refuse?: RegExp; port?: number } = {}): Promise<TestSmtp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-smtp-'));
  selfSignedCertificate(dir);
  const key = fs.readFileSync(path.join(dir, 'key.pem'));
  const cert = fs.readFileSync(path.join(dir, 'cert.pem'));
  const received: Received[] = [];
  const state = { authFailures: 0 };
  const server = new SMTPServer({
    secure: options.secure ?? false,
    key,
    cert,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    disableReverseLookup: true,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD)
        return callback(null, { user: auth.username });
      state.authFailures += 1;
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (options.refuse?.test(address.address)) {
        const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      return callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  server.on('error', () => {});
  const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address() as AddressInfo).port;
  return {
    port,
    caCert: cert.toString('utf8'),
    received,
    get authFailures() {
      return state.authFailures;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}

/** A port nothing listens on (taken from the system, then released). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface GatewayCall {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface TestGateway {
  url: string;
  calls: GatewayCall[];
  /** The status the next calls answer (200 by default). */
  answer: { status: number; body: string };
  close(): Promise<void>;
}

/** A loopback HTTP server standing in for the institution's SMS gateway; it records every call. */
export async function startGateway(): Promise<TestGateway> {
  const calls: GatewayCall[] = [];
  const answer = { status: 200, body: '{"result":"accepted"}' };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      calls.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    answer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
