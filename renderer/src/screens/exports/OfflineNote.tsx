import { hrefs } from '../../lib/router.js';

/**
 * What is left when the export files cannot be listed: the files already downloaded, reviewed from the Library. With
 * `unreachable` (a network error) it says the data service cannot be reached; otherwise it only points to the Library.
 */
export function OfflineNote({ unreachable }: { unreachable: boolean }) {
  return (
    <p className="notice" role="status" data-testid="exports-offline">
      {unreachable
        ? 'The data service cannot be reached, so export files cannot be listed or downloaded now. '
        : 'Export files cannot be listed now. '}
      Files already downloaded are on this computer: <a href={hrefs.library}>open the Library</a> to review them offline.
    </p>
  );
}
