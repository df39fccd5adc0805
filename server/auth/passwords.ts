// bcrypt, as GoTrue stores passwords ($2a$ from GoTrue and pgcrypto, $2b$ from bcryptjs; both
// verify). Hashing is slow on purpose, so callers do it outside any database transaction.
import bcrypt from 'bcryptjs';

const COST = 10;

export const hashPassword = (password: string) => bcrypt.hash(password, COST);

// Verifying against this keeps an unknown address as slow as a wrong password, so response
// times do not tell which addresses have accounts.
const DUMMY_HASH = bcrypt.hashSync('arivia-dummy-password', COST);

export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !/^\$2[aby]\$\d\d\$/.test(hash)) {
    await bcrypt.compare(password, DUMMY_HASH);
    return false;
  }
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}
