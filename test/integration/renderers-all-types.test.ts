/**
 * Every declared resource rendered in the four types and read by the real parsers (strict XML,
 * JSON.parse, a JavaScript engine, PHP's unserialize()), held to docs/api.md, Bodies and its
 * declaration, and the rules of Bodies spelled out byte for byte, never the renderers' own output.
 */
import { config } from '../../lib/config';
import { expectPhpFaithful, expectScriptCalls, expectTree, expectXml, type Rec, xmlRoot } from '../support/render-checks';
import { type Bodies, CALLBACK, renderAll, samples } from '../support/render-samples';
import { type PhpAnswer, unserializeAll, XML_DECLARATION } from '../support/parsers';

describe('every declared resource renders in all four types', () => {
  const cases = samples();
  // Rendered in a hook, not while collecting.
  let bodiesOf: Bodies[] = [];
  let answers: PhpAnswer[] = [];
  beforeAll(() => {
    bodiesOf = cases.map((sample) => renderAll(sample.resource));
    answers = unserializeAll(bodiesOf.map((bodies) => bodies.php));
  });

  test('the default PHP class prefix is ServiceAPI', () => {
    expect(config.phpClassPrefix).toBe('ServiceAPI');
  });

  describe.each(cases.map((sample, index) => ({ ...sample, index })))('$name', ({ resource: subject, index }) => {
    test('XML parses strictly and places each field as declared', () => {
      expectXml(subject.shape, subject.value, xmlRoot(bodiesOf[index]!.xml));
    });

    test('JSON has the declared properties, in order, with their wire types', () => {
      expectTree(subject.shape, subject.value, JSON.parse(bodiesOf[index]!.json));
    });

    test('Javascript calls the callback once with the JSON object', () => {
      expectScriptCalls(bodiesOf[index]!.javascript, CALLBACK, JSON.parse(bodiesOf[index]!.json));
    });

    test("PHP unserializes to ServiceAPI classes and equals PHP's own serialize()", () => {
      const value = expectPhpFaithful(answers[index], bodiesOf[index]!.php);
      expectTree(subject.shape, subject.value, value, 'ServiceAPI');
    });
  });

  describe('the rules of docs/api.md, Bodies, spelled out', () => {
    const byName = (name: string) => bodiesOf[cases.findIndex((sample) => sample.name === name)]!;
    const phpOf = (name: string) => answers[cases.findIndex((sample) => sample.name === name)]!.value as Rec;

    // Hand-written from the sample values and docs/api.md, Bodies: order, wire types, placement, escaping.
    const photoJson =
      '{"id":4711,"submit_date":1230000000,"comments":3,"title":"Sunset over the bay","user":{"name":"kevinrose","icon":"http://img.example.net/u/kevinrose.png","registered":1100000000,"profileviews":98765},"src":"http://img.example.net/p/4711_t.jpg","href":"http://news.example.net/gallery/4711"}';
    const comment900 =
      '"date":1230000100,"id":900,"story":4711,"up":5,"down":1,"replies":1,"replyto":null,"user":"alice","content":"Great shot!"';
    const comment901 = '"date":1230000200,"id":901,"story":4711,"up":5,"down":1,"replies":0,"replyto":900,"user":"bob","content":"Agreed."';
    test.each([
      ['Error', '{"code":1001,"message":"Unrecognized argument: foo"}'],
      ['ErrorList', '{"timestamp":1240000000,"errors":[{"code":403,"message":"Forbidden"},{"code":404,"message":"Not found"}]}'],
      [
        'ContainerList',
        '{"timestamp":1240000000,"containers":[{"name":"World & Business","short_name":"world_business","topics":[{"name":"Political News","short_name":"politics"},{"name":"US Elections 2008","short_name":"2008_us_elections"}]},{"name":"Offbeat","short_name":"offbeat","topics":[]}]}',
      ],
      [
        'Gallery with max_date',
        `{"timestamp":1240000000,"min_date":1237408000,"max_date":1240000000,"total":"2","offset":0,"count":1,"photos":[${photoJson}]}`,
      ],
      [
        'Gallery without max_date',
        `{"timestamp":1240000000,"min_date":1237408000,"total":"2","offset":0,"count":1,"photos":[${photoJson}]}`,
      ],
      [
        'Events',
        `{"timestamp":1240000000,"min_date":0,"total":"2","offset":0,"count":2,"comments":[{${comment900},"level":0,"root":900},{${comment901},"level":1,"root":900}]}`,
      ],
      [
        'ShortUrlList',
        '{"shorturls":[{"link":"http://www.example.com/a?x=1&y=2","short_url":"http://sho.rt/aB3dE9z","itemid":17,"view_count":0},{"link":"https://example.org/","short_url":"http://sho.rt/Zz00001","itemid":18,"view_count":42}],"timestamp":1240000000,"total":2,"count":2,"offset":0}',
      ],
    ])('%s: the JSON body, byte for byte', (name, json) => {
      expect(byName(name).json).toBe(json);
    });

    test('total is a string in Gallery and Events PHP too, an integer in ShortUrlList', () => {
      expect(phpOf('Gallery without max_date').total).toBe('2');
      expect(phpOf('Events').total).toBe('2');
      expect(phpOf('ShortUrlList').total).toBe(2);
      expect(byName('Gallery without max_date').php).toContain('s:5:"total";s:1:"2";');
      expect(byName('ShortUrlList').php).toContain('s:5:"total";i:2;');
      expect([phpOf('Gallery without max_date').count, phpOf('ShortUrlList').count]).toEqual([1, 2]);
    });

    test('gallery XML: wrapper attributes, galleryphoto with a title child and a user child with attributes, byte for byte', () => {
      const photoXml =
        '<galleryphoto id="4711" submit_date="1230000000" comments="3" src="http://img.example.net/p/4711_t.jpg" href="http://news.example.net/gallery/4711"><title>Sunset over the bay</title><user name="kevinrose" icon="http://img.example.net/u/kevinrose.png" registered="1100000000" profileviews="98765"/></galleryphoto>';
      expect(byName('Gallery with max_date').xml).toBe(
        `${XML_DECLARATION}<gallery timestamp="1240000000" min_date="1237408000" max_date="1240000000" total="2" offset="0" count="1">${photoXml}</gallery>`,
      );
      expect(byName('Gallery without max_date').xml).toBe(
        `${XML_DECLARATION}<gallery timestamp="1240000000" min_date="1237408000" total="2" offset="0" count="1">${photoXml}</gallery>`,
      );
    });

    test.each([
      ['Error', '<error code="1001" message="Unrecognized argument: foo"/>'],
      [
        'ErrorList',
        '<errors timestamp="1240000000"><error code="403" message="Forbidden"/><error code="404" message="Not found"/></errors>',
      ],
      ['ErrorList (empty)', '<errors timestamp="1240000000"/>'],
      [
        'ContainerList',
        '<containers timestamp="1240000000"><container name="World &amp; Business" short_name="world_business"><topic name="Political News" short_name="politics"/><topic name="US Elections 2008" short_name="2008_us_elections"/></container><container name="Offbeat" short_name="offbeat"/></containers>',
      ],
      [
        'ShortUrlList',
        '<shorturls timestamp="1240000000" total="2" count="2" offset="0"><shorturl link="http://www.example.com/a?x=1&amp;y=2" short_url="http://sho.rt/aB3dE9z" itemid="17" view_count="0"/><shorturl link="https://example.org/" short_url="http://sho.rt/Zz00001" itemid="18" view_count="42"/></shorturls>',
      ],
      // content is element text; a null replyto leaves the attribute out.
      [
        'Events',
        '<events timestamp="1240000000" min_date="0" total="2" offset="0" count="2"><comment date="1230000100" id="900" story="4711" up="5" down="1" replies="1" user="alice" level="0" root="900">Great shot!</comment><comment date="1230000200" id="901" story="4711" up="5" down="1" replies="0" replyto="900" user="bob" level="1" root="900">Agreed.</comment></events>',
      ],
    ])('%s: lists are repeated child elements, the XML body byte for byte', (name, xml) => {
      expect(byName(name).xml).toBe(`${XML_DECLARATION}${xml}`);
    });

    test('a null replyto is N in PHP', () => {
      expect(byName('Events').php).toContain('s:7:"replyto";N;');
      expect((phpOf('Events').comments as Rec[]).map((one) => one.replyto)).toEqual([null, 900]);
    });

    test('PHP class names are those of the resources table', () => {
      // `{}`: an entry whose class the tests above check.
      expect(phpOf('ErrorList')).toMatchObject({ __class: 'ServiceAPIErrors', errors: [{ __class: 'ServiceAPIError' }, {}] });
      const container = { __class: 'ServiceAPIContainer', topics: [{ __class: 'ServiceAPITopic' }, {}] };
      expect(phpOf('ContainerList')).toMatchObject({ __class: 'ServiceAPIContainers', containers: [container, {}] });
      const galleryPhoto = { __class: 'ServiceAPIGalleryPhoto', user: { __class: 'ServiceAPIUser' } };
      expect(phpOf('Gallery with max_date')).toMatchObject({ __class: 'ServiceAPIGallery', photos: [galleryPhoto] });
      expect(phpOf('Events')).toMatchObject({ __class: 'ServiceAPIEvents', comments: [{ __class: 'ServiceAPIComment' }, {}] });
      expect(phpOf('ShortUrlList')).toMatchObject({ __class: 'ServiceAPIShortURLs', shorturls: [{ __class: 'ServiceAPIShortURL' }, {}] });
      expect(phpOf('ScriptError')).toEqual({
        __class: 'ServiceAPIError',
        code: 1002,
        message: 'A service API request is missing the callback argument.',
        status: 403,
      });
    });
  });
});
