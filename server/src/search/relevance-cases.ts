/**
 * Search relevance: what a fan types, and the title that must come first. Run against the test catalogue
 * (relevance.unit.test.ts: titles.fixtures.ts), the starter catalogue (relevance.starter.test.ts) and the generated
 * million titles (npm run bench -- relevance).
 */
import type { TitleSearchIndex } from './title-index.ts';
export interface RelevanceCase {
  query: string;
  expect: string;
  titleType?: 'movie' | 'tvSeries';
  why: string;
}

/**
 * A famous title before obscure titles that are, or begin with, the words typed: the film whose subtitle they are, the
 * film one letter away, the film whose title before its subtitle is a number that is also a year. These hold on
 * every catalogue.
 */
export const NAMESAKE_CASES: RelevanceCase[] = [
  { query: 'fellowship of the ring', expect: 'tt0120737', why: 'the subtitle of a famous film, before a title that begins with it' },
  { query: 'return of the king', expect: 'tt0167260', why: 'the subtitle of a famous film, before an obscure title that is the words' },
  { query: 'return of the ki', expect: 'tt0167260', why: 'the subtitle of a famous film being typed' },
  { query: 'pursuit of happiness', expect: 'tt0454921', why: 'a famous title one letter away, before an obscure exact namesake' },
  { query: '2001', expect: 'tt0062622', why: 'a number that is a year and the title before its subtitle' },
  { query: 'seven', expect: 'tt0114369', why: 'a title written with a digit for a letter (Se7en), before obscure titles called Seven' },
  { query: 'brooklyn 99', expect: 'tt2467372', why: 'a number written out in the title (Brooklyn Nine-Nine), typed as digits' },
  { query: 'brooklyn nine nine', expect: 'tt2467372', why: 'a title typed with its words' },
  { query: 'parasite', expect: 'tt6751668', why: 'a famous film before a zero-vote namesake with an article' },
];

export const RELEVANCE_CASES: RelevanceCase[] = [
  // exact titles
  { query: 'The Godfather', expect: 'tt0068646', why: 'exact title' },
  { query: 'the godfather', expect: 'tt0068646', why: 'case' },
  { query: 'Dune', expect: 'tt1160419', why: 'exact title, more popular of two' },
  { query: 'Up', expect: 'tt1049413', why: 'two-letter exact title' },
  { query: 'It', expect: 'tt1396484', why: 'two-letter exact title among many words "it"' },
  { query: 'Alien', expect: 'tt0078748', why: 'exact beats the more popular prefix Aliens' },
  { query: 'Aliens', expect: 'tt0090605', why: 'exact' },
  { query: 'Batman', expect: 'tt0096895', why: 'exact beats more popular Batman Begins' },
  { query: 'The Batman', expect: 'tt1877830', why: 'exact with article' },
  { query: 'Heat', expect: 'tt0113277', why: 'exact single word' },
  { query: 'Top Gun', expect: 'tt0092099', why: 'exact beats more popular Top Gun: Maverick' },
  { query: 'Star Wars', expect: 'tt0076759', why: 'exact' },
  { query: 'House', expect: 'tt0412142', titleType: 'tvSeries', why: 'exact series' },
  { query: 'Dark', expect: 'tt5753856', titleType: 'tvSeries', why: 'exact series among many "dark"' },
  { query: 'Coco', expect: 'tt2380307', why: 'exact' },
  { query: '1917', expect: 'tt8579674', why: 'a number that is a title' },
  { query: '12 angry men', expect: 'tt0050083', why: 'number in title' },
  { query: 'Se7en', expect: 'tt0114369', why: 'digits inside a word' },
  // prefixes (typing in progress)
  { query: 'godf', expect: 'tt0068646', why: 'prefix' },
  { query: 'shawsh', expect: 'tt0111161', why: 'prefix' },
  { query: 'the dark kn', expect: 'tt0468569', why: 'multi-word prefix' },
  { query: 'interst', expect: 'tt0816692', why: 'prefix, popular beats generated Interstate' },
  { query: 'breaking', expect: 'tt0903747', why: 'prefix of a series' },
  { query: 'game of thr', expect: 'tt0944947', why: 'prefix' },
  { query: 'stranger th', expect: 'tt4574334', why: 'prefix' },
  { query: 'lord of the rings ret', expect: 'tt0167260', why: 'long prefix' },
  { query: 'inglourious', expect: 'tt0361748', why: 'full word' },
  { query: 'eternal sun', expect: 'tt0338013', why: 'prefix' },
  { query: 'oppen', expect: 'tt15398776', why: 'prefix' },
  { query: 'whipl', expect: 'tt2582802', why: 'prefix' },
  // typos
  { query: 'godfathr', expect: 'tt0068646', why: 'missing letter' },
  { query: 'godfather', expect: 'tt0068646', why: 'far more popular after its article than an obscure exact GodFather' },
  { query: 'the godfater', expect: 'tt0068646', why: 'missing letter after article' },
  { query: 'shawshank redemtion', expect: 'tt0111161', why: 'missing letter' },
  { query: 'interstelar', expect: 'tt0816692', why: 'missing double letter' },
  { query: 'incpetion', expect: 'tt1375666', why: 'swapped letters' },
  { query: 'gladiater', expect: 'tt0172495', why: 'wrong vowel' },
  { query: 'braking bad', expect: 'tt0903747', why: 'missing letter' },
  { query: 'shindlers list', expect: 'tt0108052', why: 'missing letter' },
  { query: 'pulp fictoin', expect: 'tt0110912', why: 'swapped letters' },
  { query: 'forest gump', expect: 'tt0109830', why: 'missing double letter' },
  { query: 'jurasic park', expect: 'tt0107290', why: 'missing double letter' },
  { query: 'chernobil', expect: 'tt7366338', why: 'wrong letter' },
  { query: 'oppenhiemer', expect: 'tt15398776', why: 'swapped letters' },
  { query: 'the dark night', expect: 'tt0468569', why: 'a typo that is a real word: far better known than the titles with the words apart' },
  { query: 'inglorious bastards', expect: 'tt0361748', why: 'two words spelt as they sound, which an obscure title has as typed' },
  // accents, punctuation, original titles
  { query: 'amelie', expect: 'tt0211915', why: 'missing accent' },
  { query: 'Amélie', expect: 'tt0211915', why: 'accent typed' },
  { query: 'fabuleux destin', expect: 'tt0211915', why: 'original title' },
  { query: 'la vita e bella', expect: 'tt0118799', why: 'original title without accent' },
  { query: 'el laberinto del fauno', expect: 'tt0457430', why: 'original title' },
  { query: 'sen to chihiro', expect: 'tt0245429', why: 'original title prefix' },
  { query: 'gisaengchung', expect: 'tt6751668', why: 'original title' },
  { query: 'la casa de papel', expect: 'tt6468322', why: 'original title of a series' },
  { query: 'das leben der anderen', expect: 'tt0405094', why: 'original title' },
  { query: 'cidade de deus', expect: 'tt0317248', why: 'original title' },
  { query: "schindler's list", expect: 'tt0108052', why: 'apostrophe typed' },
  { query: 'schindlers list', expect: 'tt0108052', why: 'apostrophe left out' },
  { query: 'spiderman', expect: 'tt0145487', why: 'hyphen left out' },
  { query: 'spider man', expect: 'tt0145487', why: 'hyphen as a space' },
  { query: 'backtothefuture', expect: 'tt0088763', why: 'four words typed together' },
  { query: 'lordoftherings', expect: 'tt0120737', why: 'words typed together, most popular of the series' },
  { query: 'the godfather dune', expect: 'tt0068646', why: 'no title has every word: the words that go together' },
  { query: 'wall-e', expect: 'tt0910970', why: 'punctuation differs (WALL·E)' },
  { query: 'fast and furious', expect: 'tt1013752', why: '& read as and' },
  { query: 'le bureau des legendes', expect: 'tt0903748', why: 'accents' },
  { query: 'rashomon', expect: 'tt0042876', why: 'original title accent' },
  // years
  { query: 'dune 2021', expect: 'tt1160419', why: 'year picks the remake' },
  { query: 'dune 1984', expect: 'tt0087182', why: 'year picks the original' },
  { query: 'aladdin 2019', expect: 'tt6139732', why: 'year picks the remake' },
  { query: 'lion king 1994', expect: 'tt0110357', why: 'year without article' },
  { query: 'the lion king 2019', expect: 'tt6105098', why: 'year' },
  { query: '2001 a space odyssey', expect: 'tt0062622', why: 'year-like number that is a title word' },
  { query: 'batman 1989', expect: 'tt0096895', why: 'year' },
  // words anywhere, type filter
  { query: 'return of the king', expect: 'tt0167260', why: 'words from the middle of a title' },
  { query: 'empire strikes back', expect: 'tt0080684', why: 'subtitle' },
  { query: 'judgment day', expect: 'tt0103064', why: 'subtitle' },
  { query: 'dune part', expect: 'tt15239678', why: 'sequel by its subtitle word' },
  { query: 'avatar', expect: 'tt0499549', titleType: 'movie', why: 'type filter keeps movies' },
  { query: 'last airbender', expect: 'tt0417299', titleType: 'tvSeries', why: 'words from a subtitle, series only' },
  { query: 'lost', expect: 'tt0411008', titleType: 'tvSeries', why: 'exact series' },
  { query: 'office', expect: 'tt0386676', why: 'word without article' },
  // a leading article the title does not have
  { query: 'the interstellar', expect: 'tt0816692', why: 'article the title does not have' },
  { query: 'the spirited away', expect: 'tt0245429', why: 'article the title does not have' },
  { query: 'a pulp fiction', expect: 'tt0110912', why: 'article the title does not have' },
  { query: 'hte dune', expect: 'tt1160419', why: 'typo of an article the title does not have' },
  { query: 'the godfather', expect: 'tt0068646', why: 'article kept before an obscure title without it' },
  { query: 'mononoke', expect: 'tt0119698', why: 'original title word' },
  // a sequel's number, written as the title writes it or not
  { query: 'rocky 2', expect: 'tt0079817', why: 'digits for a roman numeral' },
  { query: 'godfather part 2', expect: 'tt0071562', why: 'digits for the roman numeral of "Part II"' },
  { query: 'dune 2', expect: 'tt15239678', why: 'digits for a number word' },
  { query: 'star wars 5', expect: 'tt0080684', why: 'an episode number' },
  { query: 'back to the future 2', expect: 'tt0096874', why: 'five words, the last a numeral' },
  { query: 'shrek ii', expect: 'tt0298148', why: 'a roman numeral for digits' },
  { query: 'rocky', expect: 'tt0075148', why: 'exact before its more numerous sequels' },
  { query: 'pirates of the caribbean 5', expect: 'tt0325980', why: 'a number no title has: what the other words find' },
  // acronyms
  { query: 'lotr', expect: 'tt0120737', why: 'acronym without the article, beginning those of all three films' },
  { query: 'bttf', expect: 'tt0088763', why: 'acronym' },
  { query: 'gbu', expect: 'tt0060196', why: 'acronym without "the" and "and"' },
  { query: 'himym', expect: 'tt0460649', titleType: 'tvSeries', why: 'acronym of a series' },
  { query: 'got', expect: 'tt0944947', why: 'acronym of a series before a less known film\'s (Grave of the Fireflies)' },
  { query: 'walle', expect: 'tt0910970', why: 'a one-letter word typed onto another, the two a whole title (WALL·E)' },
  { query: 'shrek2', expect: 'tt0298148', why: 'a number typed onto the word, the two a whole title' },
  // a series in order of year
  { query: 'hunger games 2', expect: 'tt1951264', why: "a number found only after \"part\" in a later film: the series' second film by year" },
  { query: 'the hunger games 3', expect: 'tt1951265', why: 'a number no title has, the article typed: the third film by year' },
  { query: 'lotr rotk', expect: 'tt0167260', why: "two acronyms: a title's and its subtitle's" },
  { query: 'lotr 2', expect: 'tt0167261', why: "an acronym and a number: the series' second film by year" },
  { query: 'matrix reloaded', expect: 'tt0234215', why: 'words of a sequel past the article, among generated Matrix titles' },
  // initials
  { query: 'la confidential', expect: 'tt0119488', why: 'initials typed as one word (L.A.), before La La Land' },
  { query: 'l.a. confidential', expect: 'tt0119488', why: 'initials typed with their dots' },
  { query: 'l.a', expect: 'tt0119488', why: 'initials on their way, typed with their dots' },
  // numbers written either way
  { query: '7 samurai', expect: 'tt0047478', why: 'digits that begin the query, the title has the word' },
  { query: 'apollo thirteen', expect: 'tt0112384', why: 'a number word after a word, the title has the digits' },
  { query: 'toy story three', expect: 'tt0435761', why: "a sequel's number as a word, the title has the digits" },
  { query: 'twelve angry men', expect: 'tt0050083', why: 'a number word that begins the query, the title has the digits' },
  // words after a title, words typed together
  { query: 'true detective season 1', expect: 'tt2356777', why: 'a season after the title' },
  { query: 'watch the matrix online', expect: 'tt0133093', why: 'words that say what is looked for, before and after the title' },
  { query: 'bravehart', expect: 'tt0112573', why: 'a typo that also reads as two words that no title has together' },
  { query: 'thegodfather', expect: 'tt0068646', why: 'a whole title typed together' },
  // famous titles before obscure near-namesakes
  ...NAMESAKE_CASES,
];

/**
 * The cases of `cases` whose expected title does not come first on the index, each described with the first three
 * titles found (`titleOf` names an id). Cases whose expected title the index does not hold are left out.
 */
export function relevanceFailures(index: TitleSearchIndex, cases: readonly RelevanceCase[], titleOf: (id: string) => string): string[] {
  const failures: string[] = [];
  for (const c of cases) {
    if (!index.has(c.expect)) continue;
    const { ids } = index.search(c.query, { type: c.titleType ?? null, limit: 3 });
    if (ids[0] !== c.expect) failures.push(`  "${c.query}" (${c.why}): expected ${c.expect} ${titleOf(c.expect)}, got ${ids.map((id) => `${id} ${titleOf(id)}`).join(' | ') || 'nothing'}`);
  }
  return failures;
}
