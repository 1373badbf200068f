/** Where the list form shows an error: next to the field the server's 400 (or the form's own check) names. */

const fieldLabels: Record<string, string> = {
  name: 'Name',
  type: 'Type',
  genres: 'Genres',
  description: 'Description',
  visibility: 'Visibility',
  contentList: 'Titles',
};

export type FieldErrors = Record<string, string>;

/** 'contentList.2.note' stays as it is (the note of the third title); every other path names its field. */
export function fieldKey(path: string): string {
  const parts = path.split('.');
  if (parts[0] === 'contentList' && parts[2] === 'note') return path;
  return parts[0] in fieldLabels ? parts[0] : 'form';
}

export function errorText(key: string, message: string): string {
  const label = key.startsWith('contentList.') ? 'Note' : fieldLabels[key];
  if (!label) return message;
  return /^(is|must|are|has)\b/.test(message) ? `${label} ${message}` : `${label}: ${message}`;
}

/** A 400 (or an unknown title's 404) answers 'field.path: message'. */
export function fieldErrorsOf(message: string): FieldErrors {
  const match = /^([A-Za-z]+(?:\.[\w-]+)*): (.+)$/s.exec(message);
  if (!match) return { form: message };
  const key = fieldKey(match[1]);
  return { [key]: errorText(key, match[2]) };
}
