// The embed's one message: a height the host accepts only when it is a sane number.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HEIGHT_MESSAGE_TYPE, heightFromMessage } from '../../web/src/kit/embed-protocol.js';

const message = (height) => ({ type: HEIGHT_MESSAGE_TYPE, height });

test('a finite height in range is accepted and rounded up', () => {
  assert.equal(heightFromMessage(message(412.2)), 413);
  assert.equal(heightFromMessage(message(0)), 0);
});

test('anything but a finite number in range is refused', () => {
  for (const height of [null, '', false, '500', '0x1F4', NaN, Infinity, -1, 10001, {}, []]) {
    assert.equal(heightFromMessage(message(height)), null, JSON.stringify(height));
  }
});

test('other messages are ignored', () => {
  for (const data of [null, 'text', { type: 'other', height: 10 }, { height: 10 }]) assert.equal(heightFromMessage(data), null);
});
