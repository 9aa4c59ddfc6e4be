import type { ForgotPasswordRequest, VerificationMailRequest } from '@wayfarer/shared/api/auth';
import type { Events } from '../../ports/platform';
import {
  createAttemptLimiter,
  normaliseEmail,
  type AttemptLimiterPorts,
  type CallerAddress,
} from '../../domain/attempt-limits';

export interface ResetRequestPorts extends AttemptLimiterPorts {
  readonly events: Pick<Events, 'publish'>;
}

/**
 * The request half of a password reset (forgot-password) and of an e-mail verification. It holds no identity client: whether the address
 * has an account is the mail consumer's question (../auth/reset-link.ts), so this path cannot do different
 * work, take a different time or answer differently for an address with an account and one without.
 */
export function createResetRequestService(ports: ResetRequestPorts) {
  const limitAttempts = createAttemptLimiter(ports);
  return {
    async forgotPassword(
      request: ForgotPasswordRequest,
      caller: CallerAddress,
    ): Promise<{ message: string }> {
      const email = normaliseEmail(request.email);
      await limitAttempts('password-reset', 'forgot', { email, ip: caller.ip });
      await ports.events.publish('passwordResetRequested', { email });
      return { message: 'If an account exists for this email, a reset link is on its way.' };
    },

    /** The same for an e-mail verification link (the register page asks for it once the account exists). */
    async verificationMail(
      request: VerificationMailRequest,
      caller: CallerAddress,
    ): Promise<{ message: string }> {
      const email = normaliseEmail(request.email);
      await limitAttempts('password-reset', 'verification-mail', { email, ip: caller.ip });
      await ports.events.publish('emailVerificationRequested', { email });
      return { message: 'If an account exists for this email, a verification link is on its way.' };
    },
  };
}
