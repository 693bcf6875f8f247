#!/usr/bin/env node
// Signs a licence with the vendor's private key (Ed25519 PEM, kept outside the repository):
//   node scripts/sign-license.mjs <private-key.pem> <licensee> <tenants> <users> <last day yyyy-MM-dd>
// Prints the licence; install it with POST /api/bl-auth/importLicense/<licence>.
import { createPrivateKey, sign } from 'node:crypto';
import fs from 'node:fs';

const [keyFile, licensee, tenants, users, expiresOn] = process.argv.slice(2);
if (!keyFile || !licensee || !tenants || !users || !/^\d{4}-\d{2}-\d{2}$/.test(expiresOn ?? '')) {
  console.error('usage: sign-license.mjs <private-key.pem> <licensee> <tenants> <users> <yyyy-MM-dd>');
  process.exit(2);
}
const terms = {
  licensee,
  tenants: Number(tenants),
  users: Number(users),
  expiresOn,
  issuedOn: new Date().toISOString().slice(0, 10),
};
const body = Buffer.from(JSON.stringify(terms)).toString('base64url');
const signature = sign(null, Buffer.from(body), createPrivateKey(fs.readFileSync(keyFile, 'utf8')));
console.log(`${body}.${signature.toString('base64url')}`);
