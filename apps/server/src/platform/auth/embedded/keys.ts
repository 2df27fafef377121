import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../../db/database.js';
import { getOrCreateSecret } from '../secrets.js';

export interface ProviderKeys {
  signingKey: JWK;
  publicJwks: { keys: JWK[] };
  cookieKeys: string[];
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi'] as const;

export async function loadProviderKeys(db: Db): Promise<ProviderKeys> {
  const signing = await getOrCreateSecret(db, 'oidc.signing-key', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    return JSON.stringify({ ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' });
  });
  const cookie = await getOrCreateSecret(db, 'oidc.cookie-key', () => randomBytes(32).toString('base64url'));
  const signingKey = JSON.parse(signing) as JWK;
  const publicKey = Object.fromEntries(Object.entries(signingKey).filter(([k]) => !(PRIVATE_MEMBERS as readonly string[]).includes(k))) as JWK;
  return { signingKey, publicJwks: { keys: [publicKey] }, cookieKeys: [cookie] };
}
