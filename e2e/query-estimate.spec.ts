import { expect, test } from './fixtures.js';

// The query page's estimate before Run (as the form changes) and its address rule: a pull shows only for its own query.
// Embedded on its default plan (resampling allowed).

const HOURLY = 'isone_load_hourly'; // 49 hourly rows, 2024-11-02 00:00 EDT … 2024-11-03 23:00 EST

test('the estimate shows before Run, follows the filter and the resampling, and Run goes with it', async ({ page }) => {
  await page.goto(`/#/datasets/${HOURLY}/query`);
  await expect(page.getByTestId('query-form')).toBeVisible();
  // Nothing has run: the default window holds the whole dataset.
  const preview = page.getByTestId('estimate-preview');
  await expect(page.getByTestId('estimate-preview-rows')).toHaveText('≈ 49 rows');
  await expect(preview).toContainText('This query costs ≈ 49 rows');
  await expect(page.getByTestId('pull-status')).toHaveCount(0);

  // Daily sums in market time: the two market days of the data (the second is 25 hours long).
  await page.getByTestId('resample-frequency').selectOption('1d');
  await page.getByTestId('resample-function').selectOption('sum');
  await expect(page.getByTestId('estimate-preview-rows')).toHaveText('≈ 2 rows');
  await expect(preview.getByText('How this was estimated')).toBeVisible();

  await page.getByTestId('query-form').getByRole('button', { name: 'Run query' }).click();
  await expect(page.getByTestId('result-row')).toHaveCount(2);
  await expect(page.getByTestId('estimate-rows')).toHaveText('≈ 2 rows');
});

test('an "at most" estimate before Run is never below the rows the query returns', async ({ page }) => {
  // Loads above or at 0 MW, over a window cut to the minute: the filter suggestions (the 100 most frequent loads) cannot
  // size the comparison, so the estimate is a bound, not a share.
  await page.goto(
    '/#/datasets/nyiso_zonal_load_5_min/query?start=2017-11-22%2007%3A13&end=2017-11-22%2019%3A02&tz=market&filter=load&op=%3E%3D&value=0',
  );
  const rows = page.getByTestId('estimate-preview-rows');
  await expect(rows).toHaveText(/^at most [\d,]+ rows$/);
  const bound = Number((await rows.textContent())!.replace(/\D/g, ''));
  await page.getByTestId('query-form').getByRole('button', { name: 'Run query' }).click();
  await expect(page.getByTestId('pull-status')).toHaveAttribute('data-state', 'complete');
  // The count reads "Reading rows…" until the table's first block answers, which may come after the status.
  const count = page.getByTestId('result-count');
  await expect(count).toHaveText(/^[\d,]+ rows? ·/);
  const returned = Number((await count.textContent())!.match(/^([\d,]+) rows? ·/)![1]!.replace(/,/g, ''));
  expect(returned).toBeGreaterThan(0);
  expect(bound).toBeGreaterThanOrEqual(returned);
});

test('an address with a query and another query’s pull shows the query, ready to run, and says why', async ({ page }) => {
  await page.goto(`/#/datasets/${HOURLY}/query`);
  await page.getByTestId('query-form').getByRole('button', { name: 'Run query' }).click();
  await expect(page).toHaveURL(/pull=\d+$/);
  await expect(page.getByTestId('result-row').first()).toBeVisible();
  const pull = /pull=(\d+)$/.exec(page.url())![1]!;

  // A colleague's link: their daily sums, with their pull number.
  await page.goto(
    `/#/datasets/${HOURLY}/query?start=2024-11-02&end=2024-11-04&tz=market&resample=1d&resample_fn=sum&pull=${pull}`,
  );
  const notice = page.getByTestId('pull-foreign');
  await expect(notice).toContainText(`Pull ${pull} was made by another query`);
  await expect(notice).toContainText("The form holds the address's query, ready to run.");
  await expect(page.getByTestId('query-form-box')).toHaveAttribute('open', '');
  await expect(page.getByTestId('query-start')).toHaveValue('2024-11-02');
  await expect(page.getByTestId('resample-frequency')).toHaveValue('1d');
  await expect(page.getByTestId('resample-function')).toHaveValue('sum');
  await expect(page.getByTestId('result-row')).toHaveCount(0);
  await expect(page.getByTestId('estimate-preview-rows')).toHaveText('≈ 2 rows');

  // Its own query shows it again.
  await notice.getByRole('link', { name: `Open pull ${pull} with its own query` }).click();
  await expect(page.getByTestId('pull-foreign')).toHaveCount(0);
  await expect(page.getByTestId('result-row').first()).toBeVisible();
});
