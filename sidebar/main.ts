/** The sidebar page. Runs in the browser inside the Apps Script sandbox iframe. */
const app = document.getElementById('app');
if (app) app.textContent = 'Sheet Enrich';
