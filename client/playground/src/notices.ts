// The banner above the page: the rate limit (counting down, then retrying) and the service being out of reach.
import { API_PREFIX, type CipherApiError } from '@cipher-service/client';
import { $ } from './dom.js';

const notice = $('notice');
let countdown: ReturnType<typeof setInterval> | undefined;

/** The rate-limit banner counts down and then runs `retry` (the action that was refused). */
export function showRateLimit(error: CipherApiError, retry: () => void): void {
  clearInterval(countdown);
  let left = Math.max(1, error.retryAfter ?? 5);
  const render = () => {
    notice.className = 'notice warn';
    notice.innerHTML = '';
    const strong = document.createElement('strong');
    strong.textContent = 'Slow down a little. ';
    const text = document.createElement('span');
    text.textContent = `${error.message} You can try again in ${left} s; the playground will retry by itself.`;
    const more = document.createElement('a');
    more.href = error.documentation ?? `${API_PREFIX}/docs`;
    more.textContent = 'Why is there a limit?';
    notice.append(strong, text, ' ', more);
    notice.hidden = false;
  };
  render();
  countdown = setInterval(() => {
    left -= 1;
    if (left > 0) return render();
    hideNotice();
    retry();
  }, 1000);
}

export function showNotice(message: string): void {
  clearInterval(countdown);
  notice.className = 'notice error';
  notice.textContent = message;
  notice.hidden = false;
}

export function hideNotice(): void {
  clearInterval(countdown);
  countdown = undefined;
  notice.hidden = true;
}
