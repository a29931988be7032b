#!/usr/bin/perl
# sp-perlbmk.pl - the perlbmk workload's script, of the kind SPEC's
# 253.perlbmk ran (its diffmail and splitmail): reads a whole mailbox into
# memory, splits it into messages and files them in a folder per sender,
# compares each message with the sender's previous one line by line,
# counts every word, and writes a report for sp-perlbmk-check.
#   usage: perl sp-perlbmk.pl MBOX REPORT
use strict;
use warnings;

die "usage: $0 MBOX REPORT\n" unless @ARGV == 2;
my ($mbox_path, $report) = @ARGV;

open(my $in, '<', $mbox_path) or die "$0: cannot read $mbox_path: $!\n";
my $mbox = do { local $/; <$in> };
close($in);

# splitmail: messages, each with its headers parsed, filed by sender
my (@msgs, %folder, %freq);
for my $chunk (split /\n(?=From )/, $mbox) {
	my ($head, $body) = split /\n\n/, $chunk, 2;
	die "$0: message without a body\n" unless defined $body;
	$body =~ s/\n+\z//;
	$body .= "\n";
	my %h;
	for my $line (split /\n/, $head) {
		$h{lc $1} = $2 if $line =~ /^([A-Za-z-]+): (.*)$/;
	}
	die "$0: message without a sender\n" unless defined $h{from};
	my $msg = { from => $h{from}, subject => $h{subject}, body => $body,
		    lines => [split /\n/, $body] };
	push @msgs, $msg;
	push @{$folder{$h{from}}}, $msg;
}

# The longest common subsequence of two lists of lines: its length.
sub lcs {
	my ($x, $y) = @_;
	my @prev = (0) x (@$y + 1);
	for my $line (@$x) {
		my @cur = (0);
		for my $j (1 .. @$y) {
			push @cur, $line eq $y->[$j - 1] ? $prev[$j - 1] + 1 :
			    $prev[$j] > $cur[$j - 1] ? $prev[$j] : $cur[$j - 1];
		}
		@prev = @cur;
	}
	return $prev[-1];
}

# diffmail: each message against its sender's previous one (lines new and
# gone, and the lines a diff keeps: their longest common subsequence),
# and words
open(my $out, '>', "$report.tmp") or die "$0: cannot write $report: $!\n";
my %last;
for my $i (0 .. $#msgs) {
	my $m = $msgs[$i];
	my @prev = @{$last{$m->{from}} || []};
	my %was = map { $_ => 1 } @prev;
	my %now = map { $_ => 1 } @{$m->{lines}};
	my $added = grep { !$was{$_} } @{$m->{lines}};
	my $removed = grep { !$now{$_} } @prev;
	my $common = lcs(\@prev, $m->{lines});
	my $words = 0;
	for my $w ($m->{body} =~ /[a-z]+/g) {
		$freq{$w}++;
		$words++;
	}
	printf $out "message %d %s lines %d words %d sum %u added %d removed %d"
		. " common %d\n", $i + 1, $m->{from}, scalar @{$m->{lines}},
		$words, unpack('%32C*', $m->{body}), $added, $removed, $common;
	$last{$m->{from}} = $m->{lines};
}
for my $from (sort keys %folder) {
	my $lines = 0;
	$lines += @{$_->{lines}} for @{$folder{$from}};
	printf $out "sender %s messages %d lines %d\n", $from,
		scalar @{$folder{$from}}, $lines;
}
my @top = (sort { $freq{$b} <=> $freq{$a} || $a cmp $b } keys %freq)[0 .. 19];
printf $out "word %s %d\n", $_, $freq{$_} for grep { defined } @top;
printf $out "messages %d\n", scalar @msgs;
close($out) or die "$0: cannot write $report: $!\n";
rename("$report.tmp", $report) or die "$0: cannot rename to $report: $!\n";
