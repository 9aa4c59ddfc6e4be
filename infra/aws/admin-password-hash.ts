/**
 * Prints the ADMIN_PASSWORD_HASH for a password read from standard input (never from the command line, which
 * shell history and `ps` would keep): `npx tsx infra/aws/admin-password-hash.ts`, type it, Enter.
 * The same scrypt parameters the analytics area verifies with (lambdas/domain/admin-password.ts).
 */
import { createInterface } from 'node:readline/promises';
import { hashAdminPassword } from '@wayfarer/lambdas/domain/admin-password';

const input = createInterface({
  input: process.stdin,
  output: process.stderr,
  terminal: process.stdin.isTTY,
});
if (process.stdin.isTTY) process.stderr.write('Admin password (not echoed): ');
// Nothing typed is echoed: the interface writes to stderr only what we ask it to.
(input as unknown as { _writeToOutput?: (text: string) => void })._writeToOutput = () => {};
const password = await input.question('');
input.close();
if (process.stdin.isTTY) process.stderr.write('\n');
if (password.trim() === '') {
  process.stderr.write('The admin password must not be blank.\n');
  process.exitCode = 1;
} else {
  process.stdout.write(`${await hashAdminPassword(password)}\n`);
}
