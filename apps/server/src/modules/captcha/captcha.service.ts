import { createRequire } from 'node:module';
import { AppError } from '../../lib/errors.ts';
import { randomId, sameDigest, sha256Hex } from '../../lib/hash.ts';
import type { CaptchaRepository } from './captcha.repository.ts';

// svg-captcha is unmaintained (2019) but self-contained; it is isolated in this one module.
const require = createRequire(import.meta.url);
const svgCaptcha = require('svg-captcha') as {
  create(o: {
    size: number;
    noise: number;
    ignoreChars: string;
    color: boolean;
    background: string;
    width: number;
    height: number;
  }): { text: string; data: string };
};

export const CAPTCHA_TTL_SECONDS = 300;
const normalise = (answer: string) => answer.trim().toLowerCase();

/** Image captcha, stored hashed per merchant; every challenge can be checked once. */
export function createCaptchaService(deps: {
  repo: CaptchaRepository;
  clock: () => Date;
  generate?: () => { text: string; svg: string };
}) {
  const { repo, clock } = deps;
  const generate =
    deps.generate ??
    (() => {
      const c = svgCaptcha.create({
        size: 4,
        noise: 2,
        ignoreChars: '0oO1ilI',
        color: true,
        background: '#f4f4f8',
        width: 120,
        height: 44,
      });
      return { text: c.text, svg: c.data };
    });

  return {
    async create(merchantId: bigint, ip: string) {
      const now = clock();
      const { text, svg } = generate();
      const id = randomId();
      await repo.insert({
        id,
        merchantId,
        ip,
        answerHash: sha256Hex(`${id}:${normalise(text)}`),
        now,
        expiresAt: new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000),
      });
      // Keep the table small: drop long-expired challenges.
      await repo.deleteExpiredBefore(new Date(now.getTime() - 3600_000));
      return {
        captchaId: id,
        image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
        expiresInSeconds: CAPTCHA_TTL_SECONDS,
      };
    },

    /**
     * Consumes the challenge (right or wrong: no second guess) and throws captcha_required / captcha_invalid.
     */
    async verify(merchantId: bigint, captchaId: string | undefined, answer: string | undefined): Promise<void> {
      if (!captchaId || !answer?.trim()) throw new AppError('captcha_required', undefined, { captchaRequired: true });
      const hash = await repo.consume(merchantId, captchaId, clock());
      if (!hash || !sameDigest(hash, sha256Hex(`${captchaId}:${normalise(answer)}`))) {
        throw new AppError('captcha_invalid', undefined, { captchaRequired: true });
      }
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
