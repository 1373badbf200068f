import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './field-errors';

describe("the list form's field errors from the server's answer", () => {
  it('puts a 400 next to the field it names', () => {
    expect(fieldErrorsOf('name: is required')).toEqual({ name: 'Name is required' });
    expect(fieldErrorsOf('genres.3: must be a genre name of at most 40 characters')).toEqual({ genres: 'Genres must be a genre name of at most 40 characters' });
    expect(fieldErrorsOf('contentList: must hold at most 50 titles')).toEqual({ contentList: 'Titles must hold at most 50 titles' });
  });

  it("puts a note's error next to that title's note", () => {
    expect(fieldErrorsOf('contentList.2.note: must be at most 500 characters')).toEqual({ 'contentList.2.note': 'Note must be at most 500 characters' });
  });

  it('names an unknown title under the titles', () => {
    expect(fieldErrorsOf('contentList.1.titleId: there is no title tt0.')).toEqual({ contentList: 'Titles: there is no title tt0.' });
  });

  it('keeps any other message for the whole form', () => {
    expect(fieldErrorsOf('Something went wrong. Please try again.')).toEqual({ form: 'Something went wrong. Please try again.' });
    expect(fieldErrorsOf('body: is invalid')).toEqual({ form: 'is invalid' });
  });
});
