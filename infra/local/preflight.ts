/** Checks made before anything starts, so a missing prerequisite fails in a second with a clear message. */
import { execFile } from 'node:child_process';
import path from 'node:path';

/** DynamoDB Local 3.x needs Java 17 or newer (docs/ENGINES.md). */
export const MIN_JAVA_MAJOR = 17;

export class PrerequisiteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrerequisiteError';
  }
}

/** The java binary: JAVA_HOME's when set (as the JDK tools do), else whatever PATH finds. */
export function javaCommand(env: NodeJS.ProcessEnv = process.env): string {
  return env.JAVA_HOME ? path.join(env.JAVA_HOME, 'bin', 'java') : 'java';
}

/** `openjdk version "17.0.15"`, `java version "1.8.0_372"`, `openjdk version "25"` -> 17, 8, 25. */
export function parseJavaMajor(versionOutput: string): number | undefined {
  const found = /version "(\d+)(?:\.(\d+))?/.exec(versionOutput);
  if (!found) return undefined;
  const first = Number(found[1]);
  return first === 1 && found[2] !== undefined ? Number(found[2]) : first;
}

const INSTALL_HINT =
  'DynamoDB Local (the embedded database) runs on Java. Install a Java runtime, version 17 or newer ' +
  '(Debian/Ubuntu: sudo apt-get install openjdk-17-jre-headless; macOS: brew install openjdk@17), ' +
  'or point JAVA_HOME at one, then run npm start again.';

function run(command: string, args: string[]): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    execFile(command, args, { timeout: 15_000 }, (error, stdout, stderr) => {
      if (error) reject(error);
      else resolve(`${stderr}\n${stdout}`);
    });
  });
}

export interface JavaRuntime {
  readonly major: number;
  /** Whether `java File.java` works (the jdk.compiler module is present): needed to bind DynamoDB Local to loopback. */
  readonly runsSourceFiles: boolean;
}

export async function checkJava(command = javaCommand()): Promise<JavaRuntime> {
  const modules = run(command, ['--list-modules']).catch(() => '');
  const output = await run(command, ['-version']).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new PrerequisiteError(`Java was not found (${command}). ${INSTALL_HINT}`);
    throw new PrerequisiteError(`Could not run ${command} -version: ${error.message}. ${INSTALL_HINT}`);
  });
  const major = parseJavaMajor(output);
  if (major === undefined) throw new PrerequisiteError(`Could not read the Java version from ${command} -version. ${INSTALL_HINT}`);
  if (major < MIN_JAVA_MAJOR) throw new PrerequisiteError(`Java ${major} was found; ${MIN_JAVA_MAJOR} or newer is needed. ${INSTALL_HINT}`);
  return { major, runsSourceFiles: /^jdk\.compiler@/m.test(await modules) };
}

