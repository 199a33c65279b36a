import { pageHandler, pageResult } from '../../shared/http/page-handler.js';
import { query } from '../../shared/http/respond.js';
import { loginPage } from '../../shared/pages/content.js';

/** The sign-in page: always HTML. A submitted form that matches no account says so, without saying which part was wrong. */
export const handler = pageHandler(async (event) => {
  if (event.httpMethod === 'POST') {
    const form = new URLSearchParams(event.body ?? '');
    return pageResult(event, loginPage('Email or password is not correct.', form.get('next') ?? '/dashboard'), {
      status: 401,
      htmlOnly: true,
      cache: false,
    });
  }
  return pageResult(event, loginPage(null, query(event).next ?? '/dashboard'), { htmlOnly: true, cache: false });
});
