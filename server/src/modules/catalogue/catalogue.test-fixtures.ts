import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const tsv = (rows: string[][]) => `${rows.map((r) => r.join('\t')).join('\n')}\n`;

export const BASICS_HEADER = ['tconst', 'titleType', 'primaryTitle', 'originalTitle', 'isAdult', 'startYear', 'endYear', 'runtimeMinutes', 'genres'];

/** Small catalogue files in every format the importer reads, including bad rows. */
export function writeFixtures(dir: string, opts: { shawshankVotes?: number } = {}): void {
  const votes = opts.shawshankVotes ?? 2_700_000;
  mkdirSync(join(dir, 'imdb'), { recursive: true });
  writeFileSync(
    join(dir, 'imdb', 'title.basics.tsv.gz'),
    gzipSync(
      tsv([
        BASICS_HEADER,
        ['tt0111161', 'movie', 'The Shawshank Redemption', 'The Shawshank Redemption', '0', '1994', '\\N', '142', 'Drama'],
        ['tt0133093', 'movie', 'The Matrix', 'The Matrix', '0', '1999', '\\N', '136', 'Action,Sci-Fi'],
        ['tt0211915', 'movie', 'Amélie', "Le fabuleux destin d'Amélie Poulain", '0', '2001', '\\N', '122', 'Comedy,Romance'],
        ['tt0300000', 'short', 'A Short', 'A Short', '0', '2001', '\\N', '5', 'Short'],
        ['tt0300001', 'movie', 'Adult Thing', 'Adult Thing', '1', '2001', '\\N', '80', 'Adult'],
        ['tt0300002', 'movie', 'Too', 'few', 'fields'],
        ['tt0300003', 'movie', '\\N', '\\N', '0', '2001', '\\N', '90', 'Drama'],
        ['tt0386676', 'tvSeries', 'The Office', 'The Office', '0', '2005', '2013', '22', 'Comedy'],
        ['tt0795176', 'tvMiniSeries', 'Planet Earth', 'Planet Earth', '0', '2006', '2006', '538', 'Documentary'],
      ]),
    ),
  );
  writeFileSync(
    join(dir, 'imdb', 'title.ratings.tsv'),
    tsv([
      ['tconst', 'averageRating', 'numVotes'],
      ['tt0111161', '9.3', String(votes)],
      ['tt0133093', '8.7', '1900000'],
      ['tt0200000', '5.0', '12'],
      ['tt0211915', '8.3', '750000'],
      ['tt0386676', '9.0', '700000'],
      ['tt0795176', '9.4', '220000'],
    ]),
  );
  writeFileSync(
    join(dir, 'imdb', 'name.basics.tsv'),
    tsv([
      ['nconst', 'primaryName', 'birthYear', 'deathYear', 'primaryProfession', 'knownForTitles'],
      ['nm0000209', 'Tim Robbins', '1958', '\\N', 'actor', 'tt0111161'],
      ['nm0000151', 'Morgan Freeman', '1937', '\\N', 'actor', 'tt0111161'],
      ['nm0001104', 'Frank Darabont', '1959', '\\N', 'director', 'tt0111161'],
      ['nm0000206', 'Keanu Reeves', '1964', '\\N', 'actor', 'tt0133093'],
    ]),
  );
  writeFileSync(
    join(dir, 'imdb', 'title.principals.tsv'),
    tsv([
      ['tconst', 'ordering', 'nconst', 'category', 'job', 'characters'],
      ['tt0111161', '1', 'nm0000209', 'actor', '\\N', '["Andy Dufresne"]'],
      ['tt0111161', '2', 'nm0000151', 'actor', '\\N', '["Ellis Boyd \'Red\' Redding"]'],
      ['tt0111161', '3', 'nm9999999', 'composer', '\\N', '\\N'],
      ['tt0133093', '1', 'nm0000206', 'actor', '\\N', '["Neo"]'],
    ]),
  );
  writeFileSync(
    join(dir, 'imdb', 'title.crew.tsv'),
    tsv([
      ['tconst', 'directors', 'writers'],
      ['tt0111161', 'nm0001104', 'nm0001104'],
    ]),
  );

  mkdirSync(join(dir, 'justwatch-netflix-us-2023-03'), { recursive: true });
  writeFileSync(
    join(dir, 'justwatch-netflix-us-2023-03', 'titles.csv'),
    [
      'id,title,type,description,release_year,age_certification,runtime,genres,production_countries,seasons,imdb_id,imdb_score,imdb_votes,tmdb_popularity,tmdb_score',
      'ts22164,Breaking Bad,SHOW,"A chemistry teacher ""breaks bad"".",2008,TV-MA,48,"[\'drama\', \'crime\', \'thriller\']",[\'US\'],5.0,tt0903747,9.5,1727694.0,419.0,8.9',
      'tm1,The Matrix,MOVIE,Neo learns the truth.,1999,R,136,"[\'scifi\', \'action\']",[\'US\'],,tt0133093,8.7,1800000,80.5,8.2',
      'tm2,Only On JustWatch,MOVIE,No IMDb id here.,2020,Unknown,95,[Unknown],[Unknown],,,,,3.2,',
      'tm3,A Podcast,PODCAST,Not a title.,2020,,30,[],[],,,,,,',
      'tm4,Too,Few',
      'tm5,,MOVIE,No title.,2020,,30,[],[],,,,,,',
    ].join('\r\n'),
  );
  writeFileSync(
    join(dir, 'justwatch-netflix-us-2023-03', 'credits.csv'),
    [
      'person_id,id,name,character,role',
      '1,ts22164,Bryan Cranston,Walter White,ACTOR',
      '2,ts22164,Aaron Paul,Jesse Pinkman,ACTOR',
      '3,ts22164,Vince Gilligan,,DIRECTOR',
      '4,tm2,Someone Real,Lead,ACTOR',
      '5,tm999,Nobody,Ghost,ACTOR',
    ].join('\r\n'),
  );

  mkdirSync(join(dir, 'enrich'), { recursive: true });
  writeFileSync(
    join(dir, 'enrich', 'imdb_top_1000.csv'),
    [
      'Poster_Link,Series_Title,Released_Year,Certificate,Runtime,Genre,IMDB_Rating,Overview,Meta_score,Director,Star1,Star2,Star3,Star4,No_of_Votes,Gross',
      '"https://m.media-amazon.com/images/M/shawshank@._V1_UX67_CR0,0,67,98_AL_.jpg",The Shawshank Redemption,1994,A,142 min,Drama,9.3,"Two imprisoned men bond.",80,Frank Darabont,Tim Robbins,Morgan Freeman,Bob Gunton,William Sadler,2343110,"28,341,469"',
      '"https://m.media-amazon.com/images/M/x@._V1_UX67_.jpg",A Film Nobody Has,1990,A,100 min,Drama,7.0,"Unknown.",50,X,Y,Z,W,V,1000,"1,000"',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'enrich', 'movies.json'),
    JSON.stringify([
      { Title: 'The Matrix', 'US Gross': 171479930, 'Worldwide Gross': 460279930, 'Production Budget': 65000000, 'Release Date': 'Mar 31 1999', 'MPAA Rating': 'R', 'Running Time min': 136, Director: 'Andy Wachowski', 'IMDB Rating': 8.7, 'IMDB Votes': 700000 },
      { Title: 'Amelie', 'US Gross': 33225499, 'Release Date': 'Apr 25 2001', 'IMDB Rating': 8.5, 'IMDB Votes': 200000 },
      { Title: 'Nope Not Here', 'US Gross': 1, 'Release Date': 'Jan 01 1980' },
      'not an object',
    ]),
  );
  writeFileSync(
    join(dir, 'enrich', 'movie_metadata.csv'),
    [
      'color,director_name,duration,gross,genres,actor_1_name,movie_title,num_voted_users,actor_3_name,actor_2_name,movie_imdb_link,country,content_rating,budget,title_year,imdb_score,movie_facebook_likes;',
      'Color,Lana Wachowski,136,171383253,Action|Sci-Fi,Keanu Reeves,The Matrix\u00a0,1217752,Carrie-Anne Moss,Laurence Fishburne,http://www.imdb.com/title/tt0133093/?ref_=fn_tt_tt_1,USA,R,63000000,1999,8.7,0;',
      'Color,Someone,60,,Drama,Someone,Unreleased Show\u00a0,100,,,http://www.imdb.com/title/tt7777777/?ref_=fn_tt_tt_1,USA,,,,7.0,0;',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'enrich', 'MostPopularTVs.json'),
    JSON.stringify({
      items: [
        { id: 'tt0903747', rank: '1', title: 'Breaking Bad', fullTitle: 'Breaking Bad (2008)', year: '2008', image: 'https://m.media-amazon.com/images/M/bb@._V1_Ratio0.7273_AL_.jpg', crew: 'Bryan Cranston, Aaron Paul', imDbRating: '9.4', imDbRatingCount: '1900000' },
        { id: 'tt5555555', rank: '2', title: 'A New Show', fullTitle: 'A New Show (2023)', year: '2023', image: '', crew: 'Ann Actor', imDbRating: '', imDbRatingCount: '0' },
        { rank: '3', title: 'No id' },
      ],
      errorMessage: '',
    }),
  );
  writeFileSync(
    join(dir, 'enrich', 'title_series_Comedy.csv'),
    ['tconst,primaryTitle,averageRating,numVotes,ranking', 'tt0386676,The Office,9.0,700001,1', 'tt1234567,Ranked Series,6.1,5000,2'].join('\n'),
  );
  writeFileSync(
    join(dir, 'enrich', 'title_movie_Drama.csv'),
    ['tconst,primaryTitle,averageRating,numVotes,ranking', 'tt0111161,The Shawshank Redemption,9.3,1,1', 'tt9999998,Unknown Movie,5.0,100,2'].join('\n'),
  );
  writeFileSync(join(dir, 'notes.txt'), 'not a catalogue file');
}
