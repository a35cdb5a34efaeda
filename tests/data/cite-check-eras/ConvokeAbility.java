/*
 * Two rules copied from 2007-02-01 (the pattern of XMage's ConvokeAbility.java): the first
 * was dropped in 2007-05-01, when its number passed to the second.
 *
 * 502.46b Convoke can't reduce the cost to play a spell to less than 0.
 *
 * 502.46c Multiple instances of convoke on the same spell are redundant.
 */
class ConvokeAbility {}
